import { Avatar, type AvatarProps } from "@mantine/core";
import { avatarSource, personInitials } from "../people";

type PersonAvatarProps = {
  person: { first_name?: string | null; last_name?: string | null; avatar_url?: string | null };
} & Omit<AvatarProps, "src" | "children">;

/** A person's photo, or their initials without one (the name is beside it: the image says nothing more). */
export function PersonAvatar({ person, ...props }: PersonAvatarProps) {
  return (
    <Avatar src={avatarSource(person.avatar_url)} alt="" radius="50%" color="initials" {...props}>
      {personInitials(person)}
    </Avatar>
  );
}
