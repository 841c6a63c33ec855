import TesseraCore
// Temporary until DatasetLoader lands.
func loadDatasetFile(_ path: String, _ policy: DuplicatePolicy) throws -> Dataset {
    throw CLIError("\(path): dataset loading is not available yet")
}
