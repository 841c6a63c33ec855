import TesseraCore

extension LayoutCheck {
    /// Checks any layout's result; a script error in an analytic script's queries is thrown
    /// (`LuaScriptError`), and its own `visible` answers are compared with its frames.
    /// `id` names items in messages (see `init(result:frame:visible:id:)`).
    /// - Complexity: that of `init(result:frame:visible:id:)`.
    public init(checking result: any LayoutResult, id: ((Int) -> ItemID?)? = nil) throws {
        if let analytic = result.unwrapped as? ScriptedAnalyticResult {
            try self.init(result: result, visible: analytic.visible(in:), id: id)
        } else {
            try self.init(result: result, id: id)
        }
    }
}
