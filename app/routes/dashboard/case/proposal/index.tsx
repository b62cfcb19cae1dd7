// Placeholder until the issue 8 page lands (replaced in this same change).
export default function Pending() {
  return null;
}
