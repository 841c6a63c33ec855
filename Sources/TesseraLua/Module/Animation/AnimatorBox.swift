import CLua
import LuaBridge
import OrderedCollections
import TesseraCore

/// An animator in Lua, with the text `tostring` shows.
final class AnimatorBox {
    let animator: any Animator
    let label: String
    init(_ animator: any Animator, label: String) { self.animator = animator; self.label = label }
}
