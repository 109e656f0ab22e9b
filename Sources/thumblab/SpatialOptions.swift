import ThumbLab

/// Options the spatial analyses (density, direction, target size) share.
enum SpatialOptions {
    /// `--device NAME`: the one device whose trials a spatial analysis reads.
    static let device = Option<String?>(
        "--device", value: "name",
        help: "Read only the trials recorded on this device; coordinates of several are never pooled.",
        defaultDescription: "the selection's only device")
}

extension GridSize: ExpressibleByArgument {
    init?(argument: String) {
        guard let size = try? GridSize(parsing: argument) else { return nil }
        self = size
    }

    var argumentText: String { description }
    static var expectation: String { "a grid COLSxROWS with 1 to 10000 of each, such as 50x90" }
}
