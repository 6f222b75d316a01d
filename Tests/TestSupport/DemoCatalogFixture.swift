import Catalog

/// The demo catalog as tests use it: the folder in this checkout (`Resources/demo` under the
/// package root found from this file's path, so no build folder is assumed), a transport over
/// it, and an iTunes catalog on that transport.
public enum DemoCatalogFixture {
    /// The demo catalog's folder (holding `catalog.json` and the preview audio).
    public static let folder: String = Fixtures.packageRoot + "/Resources/demo"

    /// A transport serving the demo folder; throws when the folder cannot be read.
    public static func transport() throws -> DemoCatalogTransport {
        try DemoCatalogTransport(folder: folder)
    }

    /// An iTunes catalog answering from the demo folder, as `segue --demo` runs it.
    public static func catalog() throws -> ITunesCatalog {
        ITunesCatalog(transport: try transport(), settings: CatalogSettings(baseURL: "demo://x"))
    }
}
