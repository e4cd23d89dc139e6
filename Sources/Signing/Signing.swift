// The Signing module; see docs/architecture.md.
