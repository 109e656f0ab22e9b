import ThumbLabStats

/// What `thumblab target-size` asks for.
///
/// ``Study/targetSize(_:selection:)`` reads every attempt by default
/// (``Selection/everyAttempt``), each tap being an observation; the report's
/// ``TargetSizeReport/selection`` states the policy used.
public struct TargetSizeRequest: Sendable, Equatable {
    /// The factor whose numeric levels are the target sizes in mm; `nil` to detect one (a
    /// factor whose name contains "size" and whose levels are all numbers), else to use
    /// the targets' width and height through the device.
    public var sizeFactor: String?
    /// The device whose trials are read; `nil` when the selection holds one device only.
    public var device: String?
    /// The error rate whose size the logistic fit reports, 0.05 by default.
    public var targetErrorRate: Double

    /// A target size request; see the properties for each parameter's meaning and default.
    public init(sizeFactor: String? = nil, device: String? = nil, targetErrorRate: Double = 0.05) {
        self.sizeFactor = sizeFactor
        self.device = device
        self.targetErrorRate = targetErrorRate
    }
}

/// Where a trial's target size in mm comes from.
public enum TargetSizeSource: Sendable, Equatable {
    /// The levels of a factor, read as mm: named in the request, or `detected`.
    case factor(name: String, detected: Bool)
    /// The smaller side of the target (width, height) in px through the device's density,
    /// rounded to 0.1 mm.
    case targetSide(device: Device)
}

/// Time and errors at one target size.
public struct TargetSizeRow: Sendable, Equatable {
    /// The target size, mm.
    public var sizeMM: Double
    /// Trials at this size.
    public var trials: Int
    /// Participants with a trial at this size.
    public var participants: Int
    /// Misses among the trials with a recorded hit.
    public var misses: Int
    /// Misses over trials with a recorded hit, pooled, 0 to 1; `nil` without one.
    public var errorRate: Double?
    /// Lower limit of the adjusted-Wald 95% interval of the error rate.
    public var errorCILow: Double?
    /// Upper limit of the adjusted-Wald 95% interval of the error rate.
    public var errorCIHigh: Double?
    /// exp of the mean of the participants' mean ln times, ms; `nil` without a positive time.
    public var timeGeomean: Double?
    /// Lower limit of the back-transformed 95% t interval across participants, ms (`nil`
    /// with one participant).
    public var timeCILow: Double?
    /// Upper limit of the back-transformed 95% t interval across participants, ms.
    public var timeCIHigh: Double?
}

/// A point of the fitted error-by-size curve, with its 95% Wald interval.
public struct ErrorCurvePoint: Sendable, Equatable {
    /// The target size, mm.
    public var sizeMM: Double
    /// The fitted error rate at that size, 0 to 1.
    public var errorRate: Double
    /// Lower limit of the interval, from the delta method on the logit scale.
    public var ciLow: Double
    /// Upper limit of the interval, from the delta method on the logit scale.
    public var ciHigh: Double
}

/// One size's per-participant error proportions against the largest size's: a one-sided
/// Wilcoxon signed-rank test (alternative: higher at this size), Holm-adjusted across sizes.
public struct SizeThresholdTest: Sendable, Equatable {
    /// The smaller size tested against the largest, mm.
    public var sizeMM: Double
    /// Participants with scored trials at both sizes.
    public var participants: Int
    /// The one-sided Wilcoxon signed-rank test; `nil` when it cannot be computed (see ``note``).
    public var test: WilcoxonSignedRankResult?
    /// The one-sided p-value; 1 without a test.
    public var p: Double
    /// The p-value after Holm's adjustment across the sizes tested.
    public var pAdjusted: Double
    /// Why there is no test, when there is none.
    public var note: String?

    /// Whether the error rate is significantly above the largest size's at α = .05.
    public var isSignificant: Bool { pAdjusted < 0.05 }
}

/// A target size the guidelines recommend, to draw beside the data.
public struct ReferenceTargetSize: Sendable, Equatable {
    /// A short label for figures and tables, such as `Parhi et al. 2006`.
    public var name: String
    /// The size, mm.
    public var sizeMM: Double
    /// Where the size comes from, and the conversion it assumes.
    public var source: String

    /// A reference size to draw beside the data.
    public init(name: String, sizeMM: Double, source: String) {
        self.name = name
        self.sizeMM = sizeMM
        self.source = source
    }

    /// 9.2 mm (Parhi, Karlson & Bederson 2006, one-handed thumb taps on discrete targets),
    /// Apple's 44 pt (1 pt = 1/163 in, the original iPhone's density: 6.86 mm) and
    /// Material's 48 dp (1 dp = 1/160 in: 7.62 mm).
    public static let published = [
        ReferenceTargetSize(
            name: "Parhi et al. 2006", sizeMM: 9.2,
            source:
                "smallest target for one-handed thumb taps without a loss of accuracy (Parhi, Karlson & Bederson 2006)"),
        ReferenceTargetSize(
            name: "Apple HIG 44 pt", sizeMM: 44 * 25.4 / 163,
            source:
                "Human Interface Guidelines minimum hit target; 1 pt = 1/163 in, assuming the original iPhone's density"
        ),
        ReferenceTargetSize(
            name: "Material 48 dp", sizeMM: 48 * 25.4 / 160,
            source: "Material Design minimum touch target; 1 dp = 1/160 in"),
    ]
}

/// What `thumblab target-size` reports: error rate and time per target size, a logistic
/// fit of misses on size, the smallest size whose error rate is not significantly above
/// the largest's, and reference sizes from the literature.
public struct TargetSizeReport: Sendable, Equatable {
    /// The trials and participants with a target size.
    public var selection: SelectionSummary
    /// Where the sizes in mm come from.
    public var source: TargetSizeSource
    /// One row per size, ascending.
    public var sizes: [TargetSizeRow]
    /// The trial-level logistic regression of a miss on size in mm; `nil` with one size,
    /// or when it cannot be fitted (see ``notes``).
    public var fit: LogisticRegressionResult?
    /// The error rate whose size the fit reports, as requested.
    public var targetErrorRate: Double
    /// The size at which the fitted error rate equals ``targetErrorRate``; `nil` without a
    /// fit whose error falls with size.
    public var sizeAtTargetErrorRate: Double?
    /// The fitted curve over the tested and reference sizes, for a figure.
    public var curve: [ErrorCurvePoint]
    /// The tests of each smaller size against the largest, ascending.
    public var thresholdTests: [SizeThresholdTest]
    /// The smallest tested size whose error rate, and that of every size between it and
    /// the largest, is not significantly above the largest size's.
    public var smallestSizeNotAboveLargest: Double?
    /// The sizes the guidelines recommend (``ReferenceTargetSize/published``).
    public var references: [ReferenceTargetSize]
    /// Why a figure is missing, when one is.
    public var notes: [String]
    /// The fit and the threshold tests as APA sentences, then the notes.
    public var sentences: [String]
    /// How each figure was computed, in words.
    public var methods: String
    /// How factors are shown in its sentences.
    public var names = DisplayNames()
}
