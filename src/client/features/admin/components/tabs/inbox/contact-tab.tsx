/** Placeholder: the contact tab is being built. */
export default function ContactTab() {
  return <p className="text-muted-foreground">Coming soon.</p>;
}
