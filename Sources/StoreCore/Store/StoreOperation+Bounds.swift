/// The largest numbers an operation takes, checked where the words are read (the CLI, a
/// rehearsal) and again by every store before anything is staged: a number from outside is
/// bounded before it sizes a loop or an allocation (issue 22).
extension StoreOperation {
    /// How many renewal periods one advance moves through at most: more than nineteen years
    /// of weekly renewals, and the certificate authority's validity (ten years by default)
    /// bounds an advance sooner anyway.
    public static let maximumPeriods = 1_000
}
