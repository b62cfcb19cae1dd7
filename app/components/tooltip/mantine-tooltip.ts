// Mantine's Tooltip (and floating-ui under it) in a module of its own, loaded on first use.
export { Tooltip } from "@mantine/core";
