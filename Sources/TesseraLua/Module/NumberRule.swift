import CLua
import LuaBridge
import TesseraCore

/// What a number argument must be.
enum NumberRule: Sendable {
    case finite, nonNegative, positive
    /// A measured width or height: from 0 to `Item.largestSize`.
    case measuredSize

    func accepts(_ v: Double) -> Bool {
        switch self {
        case .finite: v.isFinite
        case .nonNegative: v.isFinite && v >= 0
        case .positive: v.isFinite && v > 0
        case .measuredSize: Item.isAllowedSize(v)
        }
    }

    var description: String {
        switch self {
        case .finite: "a finite number"
        case .nonNegative: "a finite, non-negative number"
        case .positive: "a finite, positive number"
        case .measuredSize: "a number \(Item.sizeRange)"
        }
    }
}
