// The conformance suite lands with the Signing module (it signs with the real CA).
