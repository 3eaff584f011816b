package sudoku

/*
#include <sudoku.h>
*/
import "C"

import "unsafe"

// Symmetry of a generated puzzle's givens (sudoku_symmetry).
type Symmetry int

// The symmetries.
const (
	SymmetryNone         Symmetry = C.SUDOKU_SYMMETRY_NONE          // no symmetry
	SymmetryRotate180    Symmetry = C.SUDOKU_SYMMETRY_ROTATE_180    // (r, c) and (8-r, 8-c) alike
	SymmetryRotate90     Symmetry = C.SUDOKU_SYMMETRY_ROTATE_90     // quarter turns alike
	SymmetryDiagonal     Symmetry = C.SUDOKU_SYMMETRY_DIAGONAL      // (r, c) and (c, r) alike
	SymmetryAntiDiagonal Symmetry = C.SUDOKU_SYMMETRY_ANTI_DIAGONAL // (r, c) and (8-c, 8-r) alike
	SymmetryMirror       Symmetry = C.SUDOKU_SYMMETRY_MIRROR        // (r, c) and (r, 8-c) alike
)

// Level is a difficulty level (sudoku_level): a band of Sudoku Explainer's ER.
type Level int

// The levels. LevelAny is only a GenerateOptions bound, never a rating's level.
const (
	LevelAny        Level = C.SUDOKU_LEVEL_ANY
	LevelEasy       Level = C.SUDOKU_LEVEL_EASY       // ER up to 2.3: singles
	LevelMedium     Level = C.SUDOKU_LEVEL_MEDIUM     // 2.4 to 3.4: intersections, pairs, X-Wing
	LevelHard       Level = C.SUDOKU_LEVEL_HARD       // 3.5 to 4.6: triples, turbot fish, wings
	LevelExpert     Level = C.SUDOKU_LEVEL_EXPERT     // 4.7 to 7.5: quads, BUG, cycles, chains
	LevelExtreme    Level = C.SUDOKU_LEVEL_EXTREME    // 7.6 to 8.4: cell and region forcing chains
	LevelDiabolical Level = C.SUDOKU_LEVEL_DIABOLICAL // 8.5 to 8.9: dynamic forcing chains
	LevelNightmare  Level = C.SUDOKU_LEVEL_NIGHTMARE  // 9.0 and above: dynamic (+) and nested
)

// String is the level's English name, e.g. "medium".
func (l Level) String() string {
	if !inRange(int(l), minInt32, maxInt32) {
		return "unknown level"
	}
	return C.GoString(C.sudoku_level_name(C.int(l)))
}

// Technique is a solving technique that ratings count and hints name (sudoku_technique): Sudoku
// Explainer's rules; it indexes Rating.TechniqueSteps. WWing, SimpleColouring, XChain, XYChain
// and AlternatingInference are the first grader's, retired: never produced.
type Technique int

// The techniques. NoTechnique stands for none (a full board's hardest, a hint that is not a
// step).
const (
	NoTechnique             Technique = -1
	HiddenSingleBox         Technique = C.SUDOKU_TECHNIQUE_HIDDEN_SINGLE_BOX
	HiddenSingleLine        Technique = C.SUDOKU_TECHNIQUE_HIDDEN_SINGLE_LINE
	NakedSingle             Technique = C.SUDOKU_TECHNIQUE_NAKED_SINGLE
	Pointing                Technique = C.SUDOKU_TECHNIQUE_POINTING
	Claiming                Technique = C.SUDOKU_TECHNIQUE_CLAIMING
	NakedPair               Technique = C.SUDOKU_TECHNIQUE_NAKED_PAIR
	XWing                   Technique = C.SUDOKU_TECHNIQUE_X_WING
	HiddenPair              Technique = C.SUDOKU_TECHNIQUE_HIDDEN_PAIR
	NakedTriple             Technique = C.SUDOKU_TECHNIQUE_NAKED_TRIPLE
	Swordfish               Technique = C.SUDOKU_TECHNIQUE_SWORDFISH
	HiddenTriple            Technique = C.SUDOKU_TECHNIQUE_HIDDEN_TRIPLE
	XYWing                  Technique = C.SUDOKU_TECHNIQUE_XY_WING
	XYZWing                 Technique = C.SUDOKU_TECHNIQUE_XYZ_WING
	UniqueRectangle         Technique = C.SUDOKU_TECHNIQUE_UNIQUE_RECTANGLE
	WWing                   Technique = C.SUDOKU_TECHNIQUE_W_WING
	NakedQuad               Technique = C.SUDOKU_TECHNIQUE_NAKED_QUAD
	Jellyfish               Technique = C.SUDOKU_TECHNIQUE_JELLYFISH
	HiddenQuad              Technique = C.SUDOKU_TECHNIQUE_HIDDEN_QUAD
	SimpleColouring         Technique = C.SUDOKU_TECHNIQUE_SIMPLE_COLOURING
	BUGPlusOne              Technique = C.SUDOKU_TECHNIQUE_BUG_PLUS_ONE
	XChain                  Technique = C.SUDOKU_TECHNIQUE_X_CHAIN
	XYChain                 Technique = C.SUDOKU_TECHNIQUE_XY_CHAIN
	AlternatingInference    Technique = C.SUDOKU_TECHNIQUE_AIC
	FullHouse               Technique = C.SUDOKU_TECHNIQUE_FULL_HOUSE
	DirectPointing          Technique = C.SUDOKU_TECHNIQUE_DIRECT_POINTING
	DirectClaiming          Technique = C.SUDOKU_TECHNIQUE_DIRECT_CLAIMING
	DirectHiddenPair        Technique = C.SUDOKU_TECHNIQUE_DIRECT_HIDDEN_PAIR
	DirectHiddenTriple      Technique = C.SUDOKU_TECHNIQUE_DIRECT_HIDDEN_TRIPLE
	Skyscraper              Technique = C.SUDOKU_TECHNIQUE_SKYSCRAPER
	TwoStringKite           Technique = C.SUDOKU_TECHNIQUE_TWO_STRING_KITE
	TurbotCrane             Technique = C.SUDOKU_TECHNIQUE_TURBOT_CRANE
	GroupedTurbot           Technique = C.SUDOKU_TECHNIQUE_GROUPED_TURBOT
	ThreeStrongLinks        Technique = C.SUDOKU_TECHNIQUE_THREE_STRONG_LINKS
	WXYZWing                Technique = C.SUDOKU_TECHNIQUE_WXYZ_WING
	VWXYZWing               Technique = C.SUDOKU_TECHNIQUE_VWXYZ_WING
	UniqueLoop              Technique = C.SUDOKU_TECHNIQUE_UNIQUE_LOOP
	BUGType2                Technique = C.SUDOKU_TECHNIQUE_BUG_TYPE2
	BUGType3                Technique = C.SUDOKU_TECHNIQUE_BUG_TYPE3
	BUGType4                Technique = C.SUDOKU_TECHNIQUE_BUG_TYPE4
	AlignedPairExclusion    Technique = C.SUDOKU_TECHNIQUE_ALIGNED_PAIR_EXCLUSION
	AlignedTripleExclusion  Technique = C.SUDOKU_TECHNIQUE_ALIGNED_TRIPLE_EXCLUSION
	BidirectionalXCycle     Technique = C.SUDOKU_TECHNIQUE_BIDIRECTIONAL_X_CYCLE
	BidirectionalYCycle     Technique = C.SUDOKU_TECHNIQUE_BIDIRECTIONAL_Y_CYCLE
	BidirectionalCycle      Technique = C.SUDOKU_TECHNIQUE_BIDIRECTIONAL_CYCLE
	ForcingXChain           Technique = C.SUDOKU_TECHNIQUE_FORCING_X_CHAIN
	ForcingYChain           Technique = C.SUDOKU_TECHNIQUE_FORCING_Y_CHAIN
	ForcingChain            Technique = C.SUDOKU_TECHNIQUE_FORCING_CHAIN
	NishioForcingChain      Technique = C.SUDOKU_TECHNIQUE_NISHIO_FORCING_CHAIN
	CellForcingChain        Technique = C.SUDOKU_TECHNIQUE_CELL_FORCING_CHAIN
	RegionForcingChain      Technique = C.SUDOKU_TECHNIQUE_REGION_FORCING_CHAIN
	DynamicForcingChain     Technique = C.SUDOKU_TECHNIQUE_DYNAMIC_FORCING_CHAIN
	DynamicForcingChainPlus Technique = C.SUDOKU_TECHNIQUE_DYNAMIC_FORCING_CHAIN_PLUS
	NestedForcingChain      Technique = C.SUDOKU_TECHNIQUE_NESTED_FORCING_CHAIN
)

// TechniqueSlots is the length of Rating.TechniqueSteps: room for techniques added later.
const TechniqueSlots = C.SUDOKU_TECHNIQUE_SLOTS

// String is the technique's English name, e.g. "X-Wing" ("unknown technique" for others).
func (t Technique) String() string {
	if !inRange(int(t), minInt32, maxInt32) {
		return "unknown technique"
	}
	return C.GoString(C.sudoku_technique_name(C.int(t)))
}

// Score is Sudoku Explainer's score of the technique's simplest form in tenths (26 means 2.6), or
// -1 for an unknown technique.
func (t Technique) Score() int {
	if !inRange(int(t), minInt32, maxInt32) {
		return -1
	}
	return int(C.sudoku_technique_score(C.int(t)))
}

// GenerateOptions are the requirements of Generate. The zero value asks for any level, no
// symmetry, no floor and the default attempt cap, and gives minimal puzzles.
type GenerateOptions struct {
	Symmetry Symmetry
	// MinLevel and MaxLevel bound the level; LevelAny (0) for no bound.
	MinLevel, MaxLevel Level
	// MinERTenths and MaxERTenths bound the ER (Sudoku Explainer's rating, in tenths: 76 is
	// 7.6; 0 to 200) on top of the levels; 0 for no bound.
	MinERTenths, MaxERTenths int
	// MinGivens is a floor of clues (0-81): removal never goes below it. Without Minimal,
	// removal may stop there; with Minimal, grids whose removals stop at the floor are
	// rejected so that every puzzle is minimal (no clue, or symmetric group of clues, can go
	// without losing uniqueness). Without a floor every puzzle is minimal.
	MinGivens int
	Minimal   bool
	// MaxAttempts is how many complete grids to try before ErrAttemptsExhausted; 0 means the
	// library's default, 1000.
	MaxAttempts int
}

// Generate returns a puzzle with exactly one solution, and that solution, made from seed. The
// same seed and options give the same puzzle on every platform.
//
// Errors: ErrAttemptsExhausted when no grid within MaxAttempts met every requirement;
// ErrInvalidArgument for an unknown symmetry or level, MinLevel above MaxLevel, an ER bound above
// 200, ER and level bounds that leave no ER, or MinGivens or MaxAttempts out of range.
func Generate(seed uint64, opts GenerateOptions) (puzzle, solution string, err error) {
	var o C.sudoku_generate_options
	if err := check(C.sudoku_generate_options_init(&o, C.size_t(unsafe.Sizeof(o)))); err != nil {
		return "", "", err
	}
	if !inRange(int(opts.Symmetry), minInt32, maxInt32) ||
		!inRange(int(opts.MinLevel), minInt32, maxInt32) ||
		!inRange(int(opts.MaxLevel), minInt32, maxInt32) ||
		!inRange(opts.MinGivens, 0, maxUint32) || !inRange(opts.MaxAttempts, 0, maxUint32) ||
		!inRange(opts.MinERTenths, 0, maxUint32) || !inRange(opts.MaxERTenths, 0, maxUint32) {
		return "", "", ErrInvalidArgument
	}
	o.symmetry = C.int32_t(opts.Symmetry)
	o.min_level = C.int32_t(opts.MinLevel)
	o.max_level = C.int32_t(opts.MaxLevel)
	o.min_givens = C.uint32_t(opts.MinGivens)
	o.minimal = 0
	if opts.Minimal {
		o.minimal = 1
	}
	o.max_attempts = C.uint32_t(opts.MaxAttempts)
	o.min_er_tenths = C.uint32_t(opts.MinERTenths)
	o.max_er_tenths = C.uint32_t(opts.MaxERTenths)
	var p, s Board
	if err := check(C.sudoku_generate(C.uint64_t(seed), &o, p.ptr(), s.ptr())); err != nil {
		return "", "", err
	}
	return p.String(), s.String(), nil
}

// Rating is Sudoku Explainer's verdict on a puzzle. Ratings are in tenths (73 means 7.3); a
// full board has no step (all 0, NoTechnique, an empty name).
type Rating struct {
	// Level is ER's band.
	Level Level
	// ScoreTenths is ER, as ERTenths.
	ScoreTenths int
	// Hardest is the technique of the hardest step, or NoTechnique.
	Hardest Technique
	// NeedsSearch is always false and Guesses always 0: Sudoku Explainer's rules finish every
	// rated puzzle (the first grader fell back on search).
	NeedsSearch bool
	Guesses     int
	// Steps counts the steps of the solution path.
	Steps int
	// TechniqueSteps counts the steps per technique, indexed by Technique.
	TechniqueSteps [TechniqueSlots]int
	// ERTenths is the hardest step of the path, EPTenths the hardest up to the first
	// placement, EDTenths the first step.
	ERTenths, EPTenths, EDTenths int
	// EPTechnique and EDTechnique are the techniques of the EP and ED steps, or NoTechnique.
	EPTechnique, EDTechnique Technique
	// HardestName is Sudoku Explainer's name of the hardest step's rule as SE prints it (e.g.
	// "Nishio Forcing Chains"); "" for a full board.
	HardestName string
}

// RateOptions bound a rating's work. The zero value is the default budget.
type RateOptions struct {
	// MaxEffort is the most work the rating may do, in the rater's units (about one implication
	// a chaining rule derives); 0 for the default, about 2 seconds.
	MaxEffort uint64
}

// Rate rates puzzle as Sudoku Explainer (Sukaku Explainer 1.15.10) does, with the default
// budget: ER, EP and ED, the hardest rule and the path's steps per technique.
//
// Errors: ErrLength, ErrInvalidCharacter, ErrConflict, ErrNoSolution, ErrMultipleSolutions
// (only puzzles with exactly one solution are rated), ErrBudgetExhausted when the rating needs
// more than the budget, ErrTooHard for a puzzle beyond the rater's rules.
func Rate(puzzle string) (Rating, error) {
	return RateWith(puzzle, RateOptions{})
}

// RateWith is Rate with the budget of opts.
func RateWith(puzzle string, opts RateOptions) (Rating, error) {
	b, err := NewBoard(puzzle)
	if err != nil {
		return Rating{}, err
	}
	var o C.sudoku_rate_options
	o.size = C.uint32_t(unsafe.Sizeof(o))
	o.max_effort = C.uint64_t(opts.MaxEffort)
	var r C.sudoku_rating
	r.size = C.uint32_t(unsafe.Sizeof(r))
	if err := check(C.sudoku_rate_ex(b.ptr(), &o, &r)); err != nil {
		return Rating{}, err
	}
	out := Rating{
		Level:       Level(r.level),
		ScoreTenths: int(r.score_tenths),
		Hardest:     Technique(r.hardest_technique),
		NeedsSearch: r.needs_search != 0,
		Guesses:     int(r.guesses),
		Steps:       int(r.steps),
		ERTenths:    int(r.er_tenths),
		EPTenths:    int(r.ep_tenths),
		EDTenths:    int(r.ed_tenths),
		EPTechnique: Technique(r.ep_technique),
		EDTechnique: Technique(r.ed_technique),
		HardestName: C.GoString(&r.hardest_name[0]),
	}
	for i, n := range r.technique_steps {
		out.TechniqueSteps[i] = int(n)
	}
	return out, nil
}

// HintKind says what a HintResult describes (sudoku_hint_kind).
type HintKind int

// The kinds of hints.
const (
	// HintStep is a logical step, Sudoku Explainer's next one: Technique, DifficultyTenths,
	// SEName, Placements, Eliminations, Pattern, Units, Chains.
	HintStep HintKind = C.SUDOKU_HINT_STEP
	// HintSolved: the board is complete and correct.
	HintSolved HintKind = C.SUDOKU_HINT_SOLVED
	// HintWrongDigit: entered digits contradict the solution; Wrong marks them.
	HintWrongDigit HintKind = C.SUDOKU_HINT_WRONG_DIGIT
	// HintWrongMark: the pencil marks exclude the solution's digit; Wrong marks where.
	HintWrongMark HintKind = C.SUDOKU_HINT_WRONG_MARK
	// HintReveal: no step found within the default budget; Cell gets Digit, the solution's.
	HintReveal HintKind = C.SUDOKU_HINT_REVEAL
)

// HintResult is a hint (sudoku_hint_result). Candidate masks have bit d-1 for digit d. Units
// are numbered 0-26: rows 0-8, columns 9-17, boxes 18-26 (left to right, top to bottom).
type HintResult struct {
	Kind HintKind
	// Technique of a HintStep; NoTechnique otherwise.
	Technique Technique
	// Cell is the main cell (0-80): a step's first placement, the first wrong cell, the
	// revealed cell; -1 if none.
	Cell int
	// Digit is the digit for Cell (1-9), or 0.
	Digit int
	// Units holds bit u for each unit the pattern lives in.
	Units uint32
	// Placements is the digit placed in each cell (0 elsewhere).
	Placements [Cells]uint8
	// Eliminations is the candidates removed from each cell.
	Eliminations [Cells]uint16
	// Pattern is the candidates forming the step's pattern: what to highlight.
	Pattern [Cells]uint16
	// Wrong marks, per cell, the wrong entered digit (HintWrongDigit) or the solution digit the
	// marks exclude (HintWrongMark).
	Wrong [Cells]uint16
	// DifficultyTenths is Sudoku Explainer's rating of a step in tenths; 0 otherwise.
	DifficultyTenths int
	// SEName is Sudoku Explainer's name of a step's rule (e.g. "Forcing Chain"); "" otherwise.
	SEName string
	// Chains are a chaining step's chains, in SE's order, each from its start (LinkStart).
	Chains [][]ChainNode
	// Truncated counts the chain nodes that did not fit in the C struct (0: all are here).
	Truncated int
}

// ChainLink says how a chain node follows from the one before it.
type ChainLink int

// The links of a chain.
const (
	LinkStart  ChainLink = 0 // the node starts a chain
	LinkStrong ChainLink = 1 // if the previous candidate is false, this one is true
	LinkWeak   ChainLink = 2 // if the previous candidate is true, this one is false
)

// ChainNode is one node of a chain: Digit in Cell, said to be true (On) or false.
type ChainNode struct {
	Cell, Digit int
	On          bool
	Link        ChainLink
}

// Hint returns the next hint for board, every digit of which is taken as fixed. A position
// with no solution gets a HintWrongDigit with the suspects marked (each one, blanked alone,
// makes it solvable); HintWith names exactly the wrong entries.
//
// Errors: ErrLength, ErrInvalidCharacter, ErrMultipleSolutions; ErrConflict or ErrNoSolution
// when no single cell explains a position without solution.
func Hint(board string) (HintResult, error) {
	return HintWith("", board, nil)
}

// HintWith returns the next hint for a player's position. puzzle holds the original givens
// ("" if unknown), board the givens plus the player's digits, marks the player's pencil marks
// (nil for none; a 0 on an empty cell means "no marks there"). In this order: wrong digits,
// solved, wrong marks, Sudoku Explainer's next step on the marks, a reveal. Following the steps
// with the marks kept up to date is SE's solution path: the hardest step is the rating's ER.
//
// Errors: as Hint, for puzzle (or, without one, board); ErrInvalidArgument when board changed a
// given of puzzle or a mark has bits above 8.
func HintWith(puzzle, board string, marks *[Cells]uint16) (HintResult, error) {
	b, err := NewBoard(board)
	if err != nil {
		return HintResult{}, err
	}
	var p *C.char
	var given Board
	if puzzle != "" {
		if given, err = NewBoard(puzzle); err != nil {
			return HintResult{}, err
		}
		p = given.ptr()
	}
	var m *C.uint16_t
	if marks != nil {
		m = (*C.uint16_t)(unsafe.Pointer(&marks[0]))
	}
	var h C.sudoku_hint_result
	h.size = C.uint32_t(unsafe.Sizeof(h))
	var code C.int
	if p == nil && m == nil {
		code = C.sudoku_hint(b.ptr(), &h)
	} else {
		code = C.sudoku_hint_ex(p, b.ptr(), m, &h)
	}
	if err := check(code); err != nil {
		return HintResult{}, err
	}
	out := HintResult{
		Kind:      HintKind(h.kind),
		Technique: Technique(h.technique),
		Cell:      int(h.cell),
		Digit:     int(h.digit),
		Units:     uint32(h.units),

		DifficultyTenths: int(h.difficulty_tenths),
		SEName:           C.GoString(&h.se_name[0]),
		Truncated:        int(h.truncated),
	}
	for i := 0; i < int(h.node_count) && i < len(h.nodes); i++ {
		n := h.nodes[i]
		node := ChainNode{Cell: int(n.cell), Digit: int(n.digit), On: n.on != 0, Link: ChainLink(n.link)}
		if node.Link == LinkStart || len(out.Chains) == 0 {
			out.Chains = append(out.Chains, nil)
		}
		last := len(out.Chains) - 1
		out.Chains[last] = append(out.Chains[last], node)
	}
	for c := 0; c < Cells; c++ {
		out.Placements[c] = uint8(h.placements[c])
		out.Eliminations[c] = uint16(h.eliminations[c])
		out.Pattern[c] = uint16(h.pattern[c])
		out.Wrong[c] = uint16(h.wrong[c])
	}
	return out, nil
}
