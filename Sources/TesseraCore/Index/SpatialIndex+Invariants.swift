extension SpatialIndex {
    #if TESSERA_INTERNAL_CHECKS
    /// Stops the program when an invariant of the type's documentation does not hold
    /// (`listed`: the order the index was built from, if any). O(n).
    @inline(never)
    func _checkInvariants(listed: @autoclosure () -> [Int]? = nil) {
        precondition(invariantsHold(listed: listed()), "SpatialIndex: an invariant of its documentation does not hold")
    }
    #else
    /// Nothing: the checks are compiled in under TESSERA_INTERNAL_CHECKS only.
    @inline(__always)
    func _checkInvariants(listed: @autoclosure () -> [Int]? = nil) {}
    #endif
}
