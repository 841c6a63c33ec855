#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The C library's transcendental functions, under names that say what they are, so the curve
// and spring code reads as the formulas do without importing Foundation.
@inline(__always) func exponential(_ x: Double) -> Double { exp(x) }
@inline(__always) func sine(_ x: Double) -> Double { sin(x) }
@inline(__always) func cosine(_ x: Double) -> Double { cos(x) }
