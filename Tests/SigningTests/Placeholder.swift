// Signing tests land with the Signing module.
