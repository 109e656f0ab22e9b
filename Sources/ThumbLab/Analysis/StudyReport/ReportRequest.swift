/// What `thumblab report` asks for: the adjustment of post-hoc p-values and the version
/// the Methods state.
///
/// ``Study/report(_:selection:)`` reads first attempts by default (`Selection()`) for its
/// summary, comparisons and scores, and every attempt of the same filters for its spatial
/// analyses (``StudyReportSpatial``); ``StudyReport/selection`` states the first policy,
/// ``StudyReportSpatial/selection`` the second.
public struct ReportRequest: Sendable, Equatable {
    /// The adjustment of post-hoc p-values in every comparison; Holm by default.
    public var adjust: PValueAdjustment
    /// The ThumbLab version the Methods state; this library's by default.
    public var version: String
    /// The follow-up tests of every comparison: pairs for main effects and simple effects
    /// for interactions by default.
    public var posthoc: PostHocScope
    /// Measures compared over every trial factor after time and errors (a trial column,
    /// `log:NAME`, `throughput`), each with its tables, Results paragraph and Methods.
    public var measures: [Measure]

    /// A report request; by default Holm's adjustment, this library's version and
    /// follow-up tests of main effects and interactions' simple effects.
    public init(
        adjust: PValueAdjustment = .holm, version: String = ThumbLabVersion.current, posthoc: PostHocScope = .main,
        measures: [Measure] = []
    ) {
        self.adjust = adjust
        self.version = version
        self.posthoc = posthoc
        self.measures = measures
    }
}
