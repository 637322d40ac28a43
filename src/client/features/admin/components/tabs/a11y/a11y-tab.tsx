/** Placeholder: the a11y tab is being built. */
export default function A11yTab() {
  return <p className="text-muted-foreground">Coming soon.</p>;
}
