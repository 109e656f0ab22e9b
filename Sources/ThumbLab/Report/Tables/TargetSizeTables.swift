/// A target size analysis as tables (sizes, logistic fit, threshold tests, reference
/// sizes, fitted curve) and as JSON.
public enum TargetSizeTables {
    /// One row per size.
    public static func sizes(_ report: TargetSizeReport, decimals: Int? = 3) -> ResultTable {
        let rows = report.sizes.map { row -> [JSONValue] in
            [
                .number(row.sizeMM), .int(row.trials), .int(row.participants), .int(row.misses),
                TitledTables.number(row.errorRate, decimals), TitledTables.number(row.errorCILow, decimals),
                TitledTables.number(row.errorCIHigh, decimals), TitledTables.number(row.timeGeomean, decimals),
                TitledTables.number(row.timeCILow, decimals), TitledTables.number(row.timeCIHigh, decimals),
            ]
        }
        return ResultTable(
            columns: [
                "size_mm", "trials", "participants", "misses", "error_rate", "error_ci_low", "error_ci_high",
                "time_geomean", "time_ci_low", "time_ci_high",
            ], rows: rows)
    }

    /// The logistic regression's coefficients: estimate, SE, Wald z and p.
    public static func fit(_ report: TargetSizeReport, decimals: Int? = 4) -> ResultTable {
        guard let fit = report.fit else { return ResultTable(columns: ["term", "estimate", "se", "z", "p"]) }
        func row(_ term: String, _ estimate: Double, _ se: Double, _ z: Double, _ p: Double) -> [JSONValue] {
            [
                .string(term), TitledTables.number(estimate, decimals), TitledTables.number(se, decimals),
                TitledTables.number(z, decimals), TitledTables.pValue(p, decimals),
            ]
        }
        return ResultTable(
            columns: ["term", "estimate", "se", "z", "p"],
            rows: [
                row("intercept", fit.intercept, fit.interceptSE, fit.interceptZ, fit.interceptP),
                row("size_mm", fit.slope, fit.slopeSE, fit.slopeZ, fit.slopeP),
            ])
    }

    /// One row per size tested against the largest.
    public static func thresholds(_ report: TargetSizeReport, decimals: Int? = 3) -> ResultTable {
        let rows = report.thresholdTests.map { test -> [JSONValue] in
            [
                .number(test.sizeMM), .int(test.participants), TitledTables.number(test.test?.wPlus, decimals),
                TitledTables.pValue(test.p, decimals), TitledTables.pValue(test.pAdjusted, decimals),
                .bool(test.isSignificant), .string(test.test?.apa ?? test.note ?? ""),
            ]
        }
        return ResultTable(
            columns: ["size_mm", "participants", "w_plus", "p", "p_holm", "above_largest", "apa"], rows: rows)
    }

    /// The reference sizes, for a figure's lines.
    public static func references(_ report: TargetSizeReport, decimals: Int? = 2) -> ResultTable {
        ResultTable(
            columns: ["reference", "size_mm", "source"],
            rows: report.references.map {
                [.string($0.name), TitledTables.number($0.sizeMM, decimals), .string($0.source)]
            })
    }

    /// The fitted curve, one row per point.
    public static func curve(_ report: TargetSizeReport, decimals: Int? = 4) -> ResultTable {
        ResultTable(
            columns: ["size_mm", "error_rate", "ci_low", "ci_high"],
            rows: report.curve.map {
                [
                    TitledTables.number($0.sizeMM, decimals), TitledTables.number($0.errorRate, decimals),
                    TitledTables.number($0.ciLow, decimals), TitledTables.number($0.ciHigh, decimals),
                ]
            })
    }

    /// Sizes, fit, thresholds and references (the curve only in JSON), then the results,
    /// methods and selection.
    public static func tables(_ report: TargetSizeReport, decimals: Int? = 3) -> TitledTables {
        var tables: [(title: String, table: ResultTable)] = [
            ("Error rate and time by target size", sizes(report, decimals: decimals))
        ]
        if report.fit != nil {
            tables.append(
                ("Logistic regression of a miss on size (mm)", fit(report, decimals: decimals.map { $0 + 1 })))
        }
        if !report.thresholdTests.isEmpty {
            tables.append(("Each size against the largest", thresholds(report, decimals: decimals)))
        }
        tables.append(("Reference sizes", references(report, decimals: decimals.map { _ in 2 })))
        return TitledTables(
            tables: tables,
            paragraphs: [
                ("Results", report.sentences), ("Methods", [report.methods]),
                ("Selection", [report.selection.sentence]),
            ])
    }

    /// `{selection, source, sizes, fit, target_error_rate, size_at_target_error_rate,
    /// threshold_tests, smallest_size_not_above_largest, references, curve, notes,
    /// sentences, methods, labels}`; `labels` holds the display labels (``LabelTables/json(_:)``).
    public static func json(_ report: TargetSizeReport) -> JSONValue {
        let source: JSONValue =
            switch report.source {
            case .factor(let name, let detected):
                .object([("kind", .string("factor")), ("factor", .string(name)), ("detected", .bool(detected))])
            case .targetSide(let device):
                .object([
                    ("kind", .string("target-side")), ("device", .string(device.name)),
                    ("px_per_mm", .number(device.pxPerMM)), ("rounding_mm", .number(0.1)),
                ])
            }
        var fitValue: JSONValue = .null
        if let fit = report.fit {
            fitValue = .object([
                ("model", .string("logit P(miss) = intercept + slope * size_mm")), ("n", .int(fit.n)),
                ("intercept", .number(fit.intercept)), ("intercept_se", .number(fit.interceptSE)),
                ("intercept_z", .number(fit.interceptZ)), ("intercept_p", .number(fit.interceptP)),
                ("slope", .number(fit.slope)), ("slope_se", .number(fit.slopeSE)), ("slope_z", .number(fit.slopeZ)),
                ("slope_p", .number(fit.slopeP)), ("covariance", .number(fit.covariance)),
                ("log_likelihood", .number(fit.logLikelihood)),
            ])
        }
        return .object([
            ("selection", report.selection.json), ("source", source), ("sizes", sizes(report, decimals: nil).json()),
            ("fit", fitValue), ("target_error_rate", .number(report.targetErrorRate)),
            ("size_at_target_error_rate", report.sizeAtTargetErrorRate.map(JSONValue.number) ?? .null),
            ("threshold_tests", thresholds(report, decimals: nil).json()), ("adjust", .string("holm")),
            ("smallest_size_not_above_largest", report.smallestSizeNotAboveLargest.map(JSONValue.number) ?? .null),
            ("references", references(report, decimals: nil).json()), ("curve", curve(report, decimals: nil).json()),
            ("notes", .array(report.notes.map(JSONValue.string))),
            ("sentences", .array(report.sentences.map(JSONValue.string))), ("methods", .string(report.methods)),
            ("labels", LabelTables.json(report.names)),
        ])
    }
}
