import TesseraCore

extension LayoutCheck {
    /// Checks any layout's result; an analytic script's frames and `visible` are read through
    /// its checked queries, so a script error there is thrown (`LuaScriptError`) and its
    /// `visible` answers are compared with its frames.
    /// `id` names items in messages (see `init(result:frame:visible:id:)`).
    /// - Complexity: that of `init(result:frame:visible:id:)`.
    public init(checking result: any LayoutResult, id: ((Int) -> ItemID?)? = nil) throws {
        if let analytic = result as? ScriptedAnalyticResult {
            try self.init(result: result, frame: analytic.checkedFrame(at:), visible: analytic.checkedVisible(in:), id: id)
        } else {
            try self.init(result: result, id: id)
        }
    }
}
