import ThumbLab

/// `thumblab target-size`: error rate and time by target size in mm.
enum TargetSizeCommand: Command {
    static let sizeFactor = Option<String?>(
        "--size-factor", value: "factor", help: "The factor whose numeric levels are the target sizes in mm.",
        defaultDescription:
            "a factor named like 'size' with numeric levels, else the targets' smaller side via the device")
    static let errorRate = Option<Double>(
        "--error-rate", value: "rate", default: 0.05, help: "The error rate whose size the logistic fit reports.")
    static let device = SpatialOptions.device

    static let spec = CommandSpec(
        name: "target-size",
        abstract: "Error rate and time by target size, a logistic fit of errors on size, and the size threshold.",
        discussion: """
            Per target size in mm (a size factor's levels, else each target's smaller side \
            through the device): trials, participants, the error rate with its adjusted-Wald CI \
            and the geometric mean time. A logistic regression of a miss on size gives the size \
            at which the fitted error rate reaches --error-rate; one-sided Wilcoxon tests against \
            the largest size (Holm) give the smallest size not significantly above it. \
            References: 9.2 mm (Parhi et al. 2006), 44 pt (Apple), 48 dp (Material).
            """,
        options: [sizeFactor, errorRate, device] + SelectionOptions.all(attempts: SpatialOptions.attempts)
            + SharedOptions.figureOutput,
        examples: [
            "thumblab target-size",
            "thumblab target-size --size-factor target_size_mm --where technique=Direct --format json",
            "thumblab target-size --error-rate 0.01 --out sizes.md",
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let chosen = try arguments.figureResultFormat()
        let request = TargetSizeRequest(
            sizeFactor: arguments[Self.sizeFactor], device: arguments[Self.device],
            targetErrorRate: arguments[Self.errorRate])
        let report = try arguments.analyse(attempts: SpatialOptions.attempts, console: console) {
            try $0.targetSize(request, selection: $1)
        }
        try arguments.deliverResult(
            chosen, console: console, json: { TargetSizeTables.json(report) },
            tables: { TargetSizeTables.tables(report, decimals: $0 == .csv ? nil : 3).rendered(as: $0) },
            figure: { try SpatialCharts.targetSize(report).figure(size: $0) })
    }
}
