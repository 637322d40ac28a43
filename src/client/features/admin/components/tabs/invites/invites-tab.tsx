/** Placeholder: the invites tab is being built. */
export default function InvitesTab() {
  return <p className="text-muted-foreground">Coming soon.</p>;
}
