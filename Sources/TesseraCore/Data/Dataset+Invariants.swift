extension Dataset {
    #if TESSERA_INTERNAL_CHECKS
    /// Stops the program when an invariant of the type's documentation does not hold. O(n).
    @inline(never)
    func _checkInvariants() {
        precondition(checkInvariants(), "Dataset: an invariant of its documentation does not hold")
    }
    #else
    /// Nothing: the checks are compiled in under TESSERA_INTERNAL_CHECKS only.
    @inline(__always)
    func _checkInvariants() {}
    #endif
}
