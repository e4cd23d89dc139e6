/// Apple's `enum Publishers`: the namespace of the operators' publishers (`Publishers.Map`,
/// `Publishers.Filter`, …), each a generic struct over its upstream as Apple's are.
public enum Publishers {}
