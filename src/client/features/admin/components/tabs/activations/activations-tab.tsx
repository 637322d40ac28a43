/** Placeholder: the activations tab is being built. */
export default function ActivationsTab() {
  return <p className="text-muted-foreground">Coming soon.</p>;
}
