// The language mode each pass of Tests/Shell/storekit-conformance-probes.sh asked for is the one
// the probes were compiled in.
#if KIOSK_PROBES_SWIFT5 && swift(>=6)
    #error("the Swift 5 pass of the probes was compiled in the Swift 6 language mode")
#endif
#if !KIOSK_PROBES_SWIFT5 && !swift(>=6)
    #error("the Swift 6 pass of the probes was compiled in an earlier language mode")
#endif
