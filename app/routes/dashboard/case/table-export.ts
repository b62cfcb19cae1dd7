// Placeholder until the issue 8 export lands (replaced in this same change).
export function loader() {
  return new Response(null, { status: 404 });
}
