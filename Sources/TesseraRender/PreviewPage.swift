/// `tessera preview`'s page (placeholder while the page is written).
public enum PreviewPage {
    public static let html = "<!doctype html><title>tessera preview</title>"
}
