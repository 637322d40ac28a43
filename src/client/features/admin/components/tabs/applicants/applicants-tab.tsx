/** Placeholder: the applicants tab is being built. */
export default function ApplicantsTab() {
  return <p className="text-muted-foreground">Coming soon.</p>;
}
