import Testing

@testable import ThumbLab

/// The counterbalancing schemes' defining properties for 2 to 8 levels, the seeded
/// generator against SplitMix64's reference outputs, dealing to participants, the second
/// factor's rotation, and the refusals.
@Suite struct CounterbalancingTests {
    /// Each row is an order of every level, and each level takes each position once.
    static func isLatin(_ rows: [[Int]], k: Int) -> Bool {
        rows.count == k && rows.allSatisfy { $0.sorted() == Array(0..<k) }
            && (0..<k).allSatisfy { column in Set(rows.map { $0[column] }).count == k }
    }

    /// How often each ordered pair of different levels is adjacent (first immediately
    /// before second) over the rows.
    static func adjacentPairs(_ rows: [[Int]]) -> [[Int]: Int] {
        var counts: [[Int]: Int] = [:]
        for row in rows {
            for (a, b) in zip(row, row.dropFirst()) { counts[[a, b], default: 0] += 1 }
        }
        return counts
    }

    @Test(arguments: 2...8)
    func williamsIsLatinAndBalancedForCarryover(k: Int) {
        let rows = Counterbalancing.williams(k)
        let pairs = Self.adjacentPairs(rows)
        #expect(pairs.count == k * (k - 1), "every ordered pair of different levels is adjacent")
        if k % 2 == 0 {
            #expect(Self.isLatin(rows, k: k))
            #expect(pairs.values.allSatisfy { $0 == 1 }, "each ordered pair adjacent exactly once")
        } else {
            #expect(rows.count == 2 * k)
            #expect(Self.isLatin(Array(rows.prefix(k)), k: k) && Self.isLatin(Array(rows.suffix(k)), k: k))
            #expect(Array(rows.suffix(k)) == rows.prefix(k).map { Array($0.reversed()) }, "the mirror square")
            #expect(pairs.values.allSatisfy { $0 == 2 }, "each ordered pair adjacent exactly twice")
        }
    }

    @Test(arguments: 2...8)
    func theCyclicSquareIsLatin(k: Int) {
        let rows = Counterbalancing.cyclicLatin(k)
        #expect(Self.isLatin(rows, k: k))
        #expect(rows.enumerated().allSatisfy { $0.element.first == $0.offset })
    }

    @Test(arguments: 2...6)
    func fullIsEveryPermutationOnceInLexicographicOrder(k: Int) {
        let rows = Counterbalancing.permutations(k)
        #expect(rows.count == (1...k).reduce(1, *))
        #expect(Set(rows).count == rows.count)
        #expect(rows.allSatisfy { $0.sorted() == Array(0..<k) })
        #expect(zip(rows, rows.dropFirst()).allSatisfy { $0.lexicographicallyPrecedes($1) })
    }

    /// SplitMix64's first outputs, from Vigna's `splitmix64.c` run on these seeds.
    @Test func theGeneratorGivesSplitMix64sNumbers() {
        var generator = SeededGenerator(seed: 1_234_567)
        #expect(
            (0..<5).map { _ in generator.next() } == [
                6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423,
                4_593_380_528_125_082_431, 16_408_922_859_458_223_821,
            ])
        var zero = SeededGenerator(seed: 0)
        #expect(zero.next() == 16_294_208_416_658_607_535)
    }

    @Test func uniformDrawsStayInRangeAndShufflesArePermutations() {
        var generator = SeededGenerator(seed: 9)
        let draws = (0..<2000).map { _ in generator.uniform(below: 7) }
        #expect(draws.allSatisfy { (0..<7).contains($0) } && Set(draws).count == 7)
        #expect(generator.uniform(below: 1) == 0 && generator.uniform(below: 0) == 0)
        let shuffled = generator.shuffled(Array(0..<10))
        #expect(shuffled.sorted() == Array(0..<10))
    }

    static let technique = CounterbalancedFactor(name: "technique", levels: ["Direct", "Shift", "ThumbSpace"])

    @Test func randomPlansAreDeterminedByTheirSeed() throws {
        let request = CounterbalancingRequest(factor: Self.technique, participants: 20, scheme: .random, seed: 7)
        let first = try CounterbalancingPlan(request)
        #expect(try CounterbalancingPlan(request) == first)
        #expect(first.seed == 7 && first.sequences.count == 20 && first.isMultiple)
        var other = request
        other.seed = 8
        #expect(try CounterbalancingPlan(other).sequences != first.sequences)
        var generator = SeededGenerator(seed: 7)
        #expect(first.sequences[0] == generator.shuffled(Self.technique.levels))
        var unseeded = request
        unseeded.seed = nil
        let drawn = try #require(try CounterbalancingPlan(unseeded).seed)
        #expect(drawn < 1 << 53)
    }

    @Test func sequencesAreDealtInTurnAndTheRemainderIsNamed() throws {
        let seven = try CounterbalancingPlan(CounterbalancingRequest(factor: Self.technique, participants: 7))
        #expect(seven.sequences.count == 6 && !seven.isMultiple && seven.sequencesUsedOnceMore == [1])
        #expect(seven.participants.map(\.sequence) == [1, 2, 3, 4, 5, 6, 1])
        #expect(seven.participants.map(\.participant) == ["P1", "P2", "P3", "P4", "P5", "P6", "P7"])
        #expect(seven.methods.contains("7 is not a multiple of 6, so sequence 1 is used once more"))
        let ten = try CounterbalancingPlan(
            CounterbalancingRequest(factor: Self.technique, participants: 10, scheme: .latin))
        #expect(ten.sequencesUsedOnceMore == [1] && ten.participants.last?.participant == "P10")
        #expect(ten.participants.first?.participant == "P01")
        let twelve = try CounterbalancingPlan(CounterbalancingRequest(factor: Self.technique, participants: 12))
        #expect(twelve.isMultiple && twelve.sequencesUsedOnceMore.isEmpty)
        #expect(twelve.methods.contains("(2 per sequence)"))
        #expect(twelve.participants[4].order == ["Direct", "ThumbSpace", "Shift"])
    }

    @Test func aSecondFactorFollowsItsOwnSquareRotatedByParticipant() throws {
        let size = CounterbalancedFactor(name: "size", levels: ["7.2", "9.6"])
        let plan = try CounterbalancingPlan(
            CounterbalancingRequest(factor: Self.technique, second: size, participants: 6))
        #expect(plan.secondSequences == [["7.2", "9.6"], ["9.6", "7.2"]])
        for (index, participant) in plan.participants.enumerated() {
            #expect(participant.secondOrders.count == 3)
            for (position, inner) in participant.secondOrders.enumerated() {
                #expect(inner == plan.secondSequences[(index + position) % 2])
            }
        }
        let random = try CounterbalancingPlan(
            CounterbalancingRequest(factor: Self.technique, second: size, participants: 4, scheme: .random, seed: 3))
        #expect(random.secondSequences.isEmpty)
        #expect(random.participants.allSatisfy { $0.secondOrders.allSatisfy { Set($0) == Set(size.levels) } })
    }

    @Test func badRequestsAreRefusedWithTheRange() {
        func problem(_ request: CounterbalancingRequest) -> ParameterProblem? {
            do {
                _ = try CounterbalancingPlan(request)
                return nil
            } catch ThumbLabError.parameter(let problem) {
                return problem
            } catch {
                return nil
            }
        }
        let seven = CounterbalancedFactor(name: "t", levels: ["A", "B", "C", "D", "E", "F", "G"])
        #expect(
            problem(CounterbalancingRequest(factor: seven, participants: 4, scheme: .full))
                == .tooManyLevelsForFullOrders(factor: "t", levels: 7, limit: 6))
        #expect(problem(CounterbalancingRequest(factor: seven, participants: 4)) == nil)
        #expect(
            problem(CounterbalancingRequest(factor: CounterbalancedFactor(name: "t", levels: ["A"]), participants: 2))
                == .tooFewLevelsToOrder(factor: "t", levels: 1))
        #expect(
            problem(
                CounterbalancingRequest(
                    factor: CounterbalancedFactor(name: "t", levels: ["A", "B", "A"]), participants: 2))
                == .levelNamedTwice(factor: "t", level: "A"))
        #expect(
            problem(CounterbalancingRequest(factor: Self.technique, participants: 0))
                == .tooFewParticipantsToOrder(participants: 0))
        #expect(
            problem(CounterbalancingRequest(factor: Self.technique, second: Self.technique, participants: 3))
                == .factorOrderedTwice(factor: "technique"))
        #expect(
            ParameterProblem.tooManyLevelsForFullOrders(factor: "t", levels: 7, limit: 6).description.contains("2 to 6")
        )
    }
}
