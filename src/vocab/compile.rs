//! Compiling a checked vocabulary ruleset into a [`Program`]: names become
//! ids, directions become per-player direction indices, lines become bit
//! masks with an index from each square to the lines through it, and
//! messages are resolved to their texts. The interpreter sees only these
//! tables.

use super::geometry::Geometry;
use super::messages::Messages;
use super::schema::*;

/// A set of squares, one bit per square.
pub type Cells = u128;

/// A player as the interpreter sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// The printed name.
    pub name: String,
    /// The index of the player's forward direction.
    pub forward: u8,
}

/// A kind of piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kind {
    /// The kind's name.
    pub name: String,
    /// Each player's glyph.
    pub glyphs: Vec<String>,
    /// The size, for covering.
    pub size: u8,
    /// The starting reserve per player; `None`: unlimited.
    pub reserve: Option<u16>,
}

/// One compiled action rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule {
    /// The rule's name.
    pub name: String,
    /// The mechanic.
    pub mechanic: Mechanic,
    /// The kinds it applies to, one bit per kind.
    pub kinds: u16,
    /// What the target may hold.
    pub onto: Onto,
    /// `place`: the direction pieces fall in.
    pub drop: Option<u8>,
    /// `drop`: the squares where pieces enter, one per line, by index.
    pub entries: Vec<u8>,
    /// `drop`: the same squares as a mask (a line has room while its
    /// entry is empty, so `entry_mask & !occupied` is every open line).
    pub entry_mask: Cells,
    /// `drop`: each line (in `entries` order) as a mask, with its far end.
    pub drop_lines: Vec<DropLine>,
    /// `drop`: the index in `drop_lines` of the line through each square.
    pub line_of: Vec<u8>,
    /// `move`: the pattern.
    pub pattern: Pattern,
    /// `move`: each player's direction indices.
    pub directions: Vec<Vec<u8>>,
    /// `move`: how far.
    pub distance: u8,
    /// `move`: whether moves wrap.
    pub wrap: bool,
    /// `pass`: when it is allowed.
    pub when: PassWhen,
    /// `place`: the condition on covering, if any.
    pub cover_only: Option<CoverOnly>,
    /// Effects: uses per player (`None`: unlimited).
    pub uses: Option<u8>,
    /// `blast`: whether empty ring squares become sinks.
    pub sinks: bool,
    /// `neutralise`: for how many turns.
    pub turns: u8,
    /// How its actions are generated (from the mechanic, `drop` and the
    /// ruleset's reserve stacks).
    pub generator: Generator,
    /// `blast`, `rotate`: each square's ring, clockwise as drawn.
    pub ring: Vec<Vec<u8>>,
    /// `rotate`: each square's ring as a mask.
    pub ring_masks: Vec<Cells>,
    /// `transport`: each square's other squares, nearest first.
    pub nearest: Vec<Vec<u8>>,
    /// The key that chooses the rule in the browser.
    pub key: Option<char>,
}

impl Rule {
    /// Whether the rule is an effect (`transport`, `blast`, `rotate`,
    /// `neutralise`).
    pub fn is_effect(&self) -> bool {
        matches!(
            self.mechanic,
            Mechanic::Transport | Mechanic::Blast | Mechanic::Rotate | Mechanic::Neutralise
        )
    }
}

/// How a rule's actions are generated: one per arm of the generator's
/// dispatch, so that going through the rules of each in turn costs a
/// predictable branch per generator instead of a computed jump per rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Generator {
    /// `place` from reserve stacks.
    StackPlace,
    /// `place` from reserve counts per kind.
    Place,
    /// `place` with `drop`.
    Drop,
    /// `move`.
    Move,
    /// `transport`: one action per number of pieces moved.
    Transport,
    /// `rotate`: one action per direction.
    Rotate,
    /// `blast` and `neutralise`: one action per square.
    SquareEffect,
    /// `pass`.
    Pass,
}

impl Generator {
    /// How many generators there are.
    pub const COUNT: usize = 8;

    /// The generator of a rule of `mechanic` (`drops`: a `place` with
    /// `drop`) where reserves are `stacks` stacks per player (0: counts
    /// per kind).
    pub fn of(mechanic: Mechanic, drops: bool, stacks: u8) -> Generator {
        match mechanic {
            Mechanic::Place if drops => Generator::Drop,
            Mechanic::Place if stacks > 0 => Generator::StackPlace,
            Mechanic::Place => Generator::Place,
            Mechanic::Move => Generator::Move,
            Mechanic::Transport => Generator::Transport,
            Mechanic::Rotate => Generator::Rotate,
            Mechanic::Blast | Mechanic::Neutralise => Generator::SquareEffect,
            Mechanic::Pass => Generator::Pass,
        }
    }
}

/// The rules of each generator, one bit per rule index.
fn generators(rules: &[Rule]) -> [u32; Generator::COUNT] {
    let mut masks = [0; Generator::COUNT];
    for (r, rule) in rules.iter().enumerate() {
        masks[rule.generator as usize] |= 1 << r;
    }
    masks
}

/// The actions that put a piece on a square, as [`Program::legal_onto`]
/// tells them apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Put {
    /// A placement from the reserve.
    Place,
    /// A drop into a line.
    Drop,
    /// A move of a piece on the board.
    Move,
}

/// One line pieces are dropped into.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DropLine {
    /// Its squares.
    pub mask: Cells,
    /// Where pieces enter.
    pub entry: u8,
    /// The entry as a mask (the line is full when it is occupied).
    pub entry_bit: Cells,
    /// The last square, where a piece falls on an empty line.
    pub far: u8,
    /// Whether falling goes toward lower square indices.
    pub descending: bool,
    /// The direction back toward the entry.
    pub up: u8,
    /// The difference of index between neighbouring squares of the line
    /// (its squares run monotonically by index, each step the same).
    pub stride: u8,
}

impl DropLine {
    /// Where a piece dropped into this line comes to rest, given the
    /// occupied squares, if the line has room: one stride back toward the
    /// entry from the first piece met falling (the entry is empty, so that
    /// square is on the line), or the far end of an empty line.
    #[inline(always)]
    pub fn landing(&self, occupied: Cells) -> Option<u8> {
        let occupied = occupied & self.mask;
        if occupied & self.entry_bit != 0 {
            return None;
        }
        if occupied == 0 {
            return Some(self.far);
        }
        if self.descending {
            Some((127 - occupied.leading_zeros()) as u8 + self.stride)
        } else {
            Some(occupied.trailing_zeros() as u8 - self.stride)
        }
    }
}

/// The n-in-a-line outcome, compiled.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LineTable {
    /// Every winning line as a mask.
    pub masks: Vec<Cells>,
    /// `through[start[c]..start[c + 1]]`: the lines through square `c`.
    pub start: Vec<u32>,
    /// Line indices, grouped by square.
    pub through: Vec<u16>,
    /// The masks of `through`, in the same order (the end check reads
    /// them without going through the indices).
    pub through_masks: Vec<Cells>,
    /// [`Self::masks`] as 16-bit words padded with empty lines, where the
    /// board has at most 16 squares and 16 lines: a check of every line
    /// then compiles to a few vector instructions.
    pub small: Option<[u16; 16]>,
}

impl LineTable {
    /// The lines through `cell`.
    #[inline]
    pub fn at(&self, cell: u8) -> &[u16] {
        let c = usize::from(cell);
        &self.through[self.start[c] as usize..self.start[c + 1] as usize]
    }

    /// The masks of the lines through `cell`.
    #[inline]
    pub fn masks_at(&self, cell: u8) -> &[Cells] {
        let c = usize::from(cell);
        let (Some(&from), Some(&to)) = (self.start.get(c), self.start.get(c + 1)) else {
            return &[];
        };
        self.through_masks
            .get(from as usize..to as usize)
            .unwrap_or(&[])
    }
}

/// A compiled vocabulary game: everything the interpreter reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    /// The game's name.
    pub name: String,
    /// What it is.
    pub description: String,
    /// The board.
    pub geometry: Geometry,
    /// Which way north is drawn.
    pub north: North,
    /// The players in turn order.
    pub players: Vec<Player>,
    /// The kinds of piece.
    pub kinds: Vec<Kind>,
    /// How the browser shows the game (seat colours, pieces).
    pub appearance: super::appearance::Appearance,
    /// The covering rule.
    pub cover: Cover,
    /// The tallest stack (1 without stacking).
    pub height: u8,
    /// What refills reserves.
    pub refill: Refill,
    /// The action rules, in canonical order.
    pub rules: Vec<Rule>,
    /// The winning lines (empty without a line outcome).
    pub lines: LineTable,
    /// Per player, the squares a piece wins by reaching (0: no such outcome).
    pub goals: Vec<Cells>,
    /// The kinds that win by reaching a goal.
    pub goal_kinds: u16,
    /// What having no legal action means.
    pub no_actions: Ending,
    /// The turn limit and its result.
    pub turn_limit: Option<(u32, LimitResult)>,
    /// How simultaneous results combine.
    pub simultaneous: Simultaneous,
    /// What quitting means.
    pub quit: QuitResult,
    /// The starting position: square and piece code.
    pub setup: Vec<(u8, u8)>,
    /// The texts.
    pub messages: Messages,
    /// Whether two rules can give the same action (legal actions are then
    /// deduplicated).
    pub overlapping: bool,
    /// Reserves as this many stacks per player (0: counts per kind).
    pub stacks: u8,
    /// What an illegal action costs.
    pub illegal: Illegal,
    /// Glyphs of empty squares, sinks and neutral pieces.
    pub glyphs: GlyphSpec,
    /// How text mode reads and writes the game.
    pub text: TextFormat,
    /// Whether any rule neutralises pieces (positions then track timers).
    pub statuses: bool,
    /// The effect rules, one bit per rule index (where there are some,
    /// lines are checked everywhere).
    pub effect_rules: u32,
    /// Every rule, one bit per rule index.
    pub rule_mask: u32,
    /// The rules of each [`Generator`], one bit per rule index.
    pub generators: [u32; Generator::COUNT],
    /// The kinds from the largest size down (ties in ruleset order).
    pub by_size: Vec<u8>,
    /// Whether `by_size` is 0, 1, 2, ... (the kinds declared from the
    /// largest down): the largest kind of a set is then its lowest bit.
    pub largest_first: bool,
    /// Whether every kind is strictly smaller than the one declared before
    /// it: under `larger` covering, kind k then covers exactly the kinds
    /// after it.
    pub sizes_falling: bool,
    /// Counters and turn phases.
    pub flow: super::flow_table::Flow,
    /// Every square of the board.
    pub board: Cells,
    /// Per kind, what the target of a legal placement, drop or move may
    /// hold (by [`Put`]), where every rule that could allow it agrees (see
    /// [`Program::legal_onto`]).
    pub legal_ontos: Vec<[Option<Onto>; 3]>,
    /// Whether a random action is cheaper drawn from the list of legal
    /// actions than found from the masks: no rule gives its actions as
    /// masks of squares (drops and patterned moves come one by one).
    pub chooses_from_list: bool,
}

impl Program {
    /// The piece code of `kind` owned by `owner` (never 0, which is empty).
    #[inline]
    pub fn code(kind: u8, owner: u8) -> u8 {
        1 + kind * 4 + owner
    }

    /// The kind and owner of a piece code.
    #[inline]
    pub fn decode(code: u8) -> (u8, u8) {
        ((code - 1) / 4, (code - 1) % 4)
    }

    /// What the target of a legal placement, drop or move (`put`) of a
    /// piece of `kind` may hold, where every rule of that kind of action
    /// for the kind says the same; `None` where they differ (only checking the
    /// action tells which rule allows it) or no rule allows it.
    ///
    /// ```
    /// use relic::vocab::compile::Put;
    /// use relic::vocab::{builtin_vocab, schema::Onto};
    /// let program = builtin_vocab("stacked-tic-tac-toe").unwrap().unwrap();
    /// assert_eq!(program.legal_onto(0, Put::Move), Some(Onto::Cover));
    /// assert_eq!(program.legal_onto(0, Put::Drop), None);
    /// ```
    pub fn legal_onto(&self, kind: u8, put: Put) -> Option<Onto> {
        self.legal_ontos.get(usize::from(kind))?[put as usize]
    }

    /// The kind with this name.
    pub fn kind_index(&self, name: &str) -> Option<u8> {
        let index = self.kinds.iter().position(|k| k.name == name)?;
        Some(index as u8)
    }

    /// How events and the browser name square `cell`: the `[messages]
    /// square` template (default `{name}`, the notation's name) with
    /// `{name}`, `{column}` and `{row}` (numbers from 1) filled in.
    ///
    /// ```
    /// use relic::vocab::builtin_vocab;
    /// let stacked = builtin_vocab("stacked-tic-tac-toe").unwrap().unwrap();
    /// assert_eq!(stacked.square_text(6), "(2,3)");
    /// let chess_like = builtin_vocab("breakthrough").unwrap().unwrap();
    /// assert_eq!(chess_like.square_text(9), "b2");
    /// ```
    pub fn square_text(&self, cell: u8) -> String {
        let (x, y) = self.geometry.xy(cell);
        let name = self.geometry.name(cell);
        let (column, row) = ((x + 1).to_string(), (y + 1).to_string());
        let values = [("name", name.as_str()), ("column", &column), ("row", &row)];
        self.messages.text("square", &values)
    }

    /// The glyph of a piece code.
    pub fn glyph(&self, code: u8) -> &str {
        let (kind, owner) = Program::decode(code);
        &self.kinds[usize::from(kind)].glyphs[usize::from(owner)]
    }
}

/// Compiles a ruleset that passed [`super::check`].
pub fn compile(ruleset: &VocabRuleset) -> Program {
    let board = &ruleset.board;
    let geometry = Geometry::new(board.shape, board.width, board.height, board.coordinates);
    let players: Vec<Player> = (ruleset.players.iter().enumerate())
        .map(|(i, p)| Player {
            name: p.name.clone(),
            forward: absolute(
                &geometry,
                p.forward.unwrap_or(default_forward(board.shape, i)),
            ),
        })
        .collect();
    let kinds: Vec<Kind> = (ruleset.kinds.iter())
        .map(|k| Kind {
            name: k.name.clone(),
            glyphs: k.glyphs.clone(),
            size: k.size,
            reserve: k.reserve,
        })
        .collect();
    let stacks = ruleset.reserve.stacks.unwrap_or(0);
    let rules: Vec<Rule> = (ruleset.actions.iter())
        .map(|a| compile_rule(a, &geometry, &players, &kinds, board, stacks))
        .collect();
    let outcomes = &ruleset.outcomes;
    let flow = super::flow_table::compile_flow(ruleset);
    Program {
        flow,
        name: ruleset.name.clone(),
        description: ruleset.description.clone(),
        lines: outcomes
            .line
            .as_ref()
            .map_or_else(LineTable::default, |l| line_table(&geometry, l)),
        goals: goals(&geometry, &players, outcomes.reach.as_ref()),
        goal_kinds: outcomes
            .reach
            .as_ref()
            .map_or(0, |r| kind_mask(&r.kinds, &kinds)),
        no_actions: outcomes.no_actions,
        turn_limit: outcomes.turn_limit.as_ref().map(|t| (t.turns, t.result)),
        simultaneous: outcomes.simultaneous,
        quit: outcomes.quit,
        setup: setup(&board.setup, &kinds),
        messages: Messages::new(&ruleset.messages),
        appearance: super::appearance::Appearance::new(ruleset),
        north: board.north,
        cover: ruleset.stacking.cover,
        height: stack_height(&ruleset.stacking, &kinds),
        refill: ruleset.reserve.refill,
        overlapping: overlapping(&rules),
        stacks: ruleset.reserve.stacks.unwrap_or(0),
        illegal: ruleset.turns.illegal,
        glyphs: ruleset.glyphs.clone(),
        text: ruleset.text,
        statuses: rules.iter().any(|r| r.mechanic == Mechanic::Neutralise),
        rule_mask: (1u64 << rules.len()).wrapping_sub(1) as u32,
        generators: generators(&rules),
        effect_rules: (rules.iter().enumerate())
            .filter(|(_, r)| r.is_effect())
            .fold(0, |m, (i, _)| m | 1 << i),
        by_size: by_size(&kinds),
        sizes_falling: kinds.windows(2).all(|w| w[0].size > w[1].size),
        largest_first: by_size(&kinds)
            .iter()
            .enumerate()
            .all(|(i, &k)| usize::from(k) == i),
        board: match geometry.cells() {
            cells if cells >= 128 => Cells::MAX,
            cells => (1 << cells) - 1,
        },
        legal_ontos: legal_ontos(&rules, kinds.len()),
        chooses_from_list: rules.iter().all(|rule| match rule.mechanic {
            Mechanic::Place => rule.drop.is_some(),
            Mechanic::Move => rule.pattern != Pattern::Anywhere,
            Mechanic::Pass => true,
            _ => false,
        }),
        geometry,
        players,
        kinds,
        rules,
    }
}

/// The default forward of player `index`.
pub fn default_forward(shape: Shape, index: usize) -> Direction {
    match (shape, index % 2) {
        (Shape::Square, 0) => Direction::North,
        (Shape::Square, _) => Direction::South,
        (Shape::Hex, 0) => Direction::East,
        (Shape::Hex, _) => Direction::West,
    }
}

/// The kebab-case name of a direction, as in the ruleset.
pub fn direction_name(direction: Direction) -> String {
    kebab(direction)
}

/// The name of a closed-set value as the ruleset writes it.
pub fn kebab(value: impl serde::Serialize) -> String {
    let json = serde_json::to_value(value).unwrap_or_default();
    json.as_str().unwrap_or_default().to_owned()
}

fn absolute(geometry: &Geometry, direction: Direction) -> u8 {
    geometry.direction(&direction_name(direction)).unwrap_or(0)
}

/// The absolute direction indices `direction` means for a player whose
/// forward is `forward`; empty when it means nothing on this board.
pub fn resolve(geometry: &Geometry, direction: Direction, forward: u8, neighbours: u8) -> Vec<u8> {
    let n = geometry.directions().len() as u8;
    let turn = |eighths: u8| -> Vec<u8> {
        match (geometry.shape, eighths) {
            (Shape::Square, e) => vec![(forward + e) % n],
            (Shape::Hex, 0) => vec![forward],
            (Shape::Hex, 4) => vec![(forward + 3) % n],
            (Shape::Hex, 1) => vec![(forward + 1) % n],
            (Shape::Hex, 7) => vec![(forward + 5) % n],
            (Shape::Hex, 3) => vec![(forward + 2) % n],
            (Shape::Hex, 5) => vec![(forward + 4) % n],
            (Shape::Hex, _) => Vec::new(),
        }
    };
    let square = geometry.shape == Shape::Square;
    match direction {
        Direction::Forward => turn(0),
        Direction::ForwardRight => turn(1),
        Direction::Right => turn(2),
        Direction::BackwardRight => turn(3),
        Direction::Backward => turn(4),
        Direction::BackwardLeft => turn(5),
        Direction::Left => turn(6),
        Direction::ForwardLeft => turn(7),
        Direction::Orthogonal if square => vec![0, 2, 4, 6],
        Direction::Diagonal if square => vec![1, 3, 5, 7],
        Direction::All if square && neighbours == 4 => vec![0, 2, 4, 6],
        Direction::All => (0..n).collect(),
        Direction::Orthogonal | Direction::Diagonal => Vec::new(),
        absolute => geometry
            .direction(&direction_name(absolute))
            .into_iter()
            .collect(),
    }
}

fn by_size(kinds: &[Kind]) -> Vec<u8> {
    let mut order: Vec<u8> = (0..kinds.len() as u8).collect();
    order.sort_by_key(|&k| std::cmp::Reverse(kinds[usize::from(k)].size));
    order
}

fn kind_mask(names: &[String], kinds: &[Kind]) -> u16 {
    if names.is_empty() {
        return (1u32 << kinds.len()).wrapping_sub(1) as u16;
    }
    (names.iter())
        .filter_map(|n| kinds.iter().position(|k| &k.name == n))
        .fold(0, |mask, i| mask | 1 << i)
}

fn compile_rule(
    a: &ActionSpec,
    g: &Geometry,
    players: &[Player],
    kinds: &[Kind],
    board: &BoardSpec,
    stacks: u8,
) -> Rule {
    let (nb, north) = (board.neighbours, board.north);
    let wanted = if a.directions.is_empty() {
        vec![Direction::All]
    } else {
        a.directions.clone()
    };
    let directions = (players.iter())
        .map(|p| {
            let mut dirs: Vec<u8> = Vec::new();
            for d in wanted.iter().flat_map(|&d| resolve(g, d, p.forward, nb)) {
                if !dirs.contains(&d) {
                    dirs.push(d);
                }
            }
            dirs
        })
        .collect();
    let drop = a.drop.map(|d| absolute(g, d));
    let n = g.directions().len() as u8;
    let entries = drop.map_or_else(Vec::new, |d| {
        let up = (d + n / 2) % n;
        (0..g.cells() as u8)
            .filter(|&c| g.neighbour(c, up, false).is_none())
            .collect()
    });
    let mut line_of = vec![u8::MAX; g.cells()];
    let drop_lines: Vec<DropLine> = (entries.iter().enumerate())
        .map(|(l, &entry)| {
            let fall = drop.unwrap_or(0);
            let (mut mask, mut far) = (0u128, entry);
            let mut cell = Some(entry);
            while let Some(c) = cell {
                mask |= 1 << c;
                line_of[usize::from(c)] = l as u8;
                far = c;
                cell = g.neighbour(c, fall, false);
            }
            let up = (fall + n / 2) % n;
            DropLine {
                mask,
                entry,
                entry_bit: 1 << entry,
                far,
                descending: far < entry,
                up,
                stride: g
                    .neighbour(entry, fall, false)
                    .map_or(0, |next| next.abs_diff(entry)),
            }
        })
        .collect();
    let ring = match a.mechanic {
        Mechanic::Blast | Mechanic::Rotate => super::rings::ring_table(g, north, a.wrap),
        _ => Vec::new(),
    };
    Rule {
        generator: Generator::of(a.mechanic, drop.is_some(), stacks),
        entry_mask: entries.iter().fold(0, |m, &e| m | 1 << e),
        drop_lines,
        line_of,
        name: a.name.clone(),
        mechanic: a.mechanic,
        kinds: kind_mask(&a.kinds, kinds),
        onto: a.onto.unwrap_or(Onto::Empty),
        drop,
        entries,
        pattern: a.pattern.unwrap_or(Pattern::Step),
        directions,
        distance: a.distance.unwrap_or(1),
        wrap: a.wrap,
        when: a.when.unwrap_or(PassWhen::Always),
        cover_only: a.cover_only,
        uses: a.uses,
        sinks: a.sinks,
        turns: a.turns.unwrap_or(1),
        key: a.key.as_deref().and_then(|k| k.chars().next()),
        ring_masks: match a.mechanic {
            Mechanic::Rotate => (ring.iter())
                .map(|cells| cells.iter().fold(0, |m, &c| m | 1 << c))
                .collect(),
            _ => Vec::new(),
        },
        ring,
        nearest: match a.mechanic {
            Mechanic::Transport => super::rings::nearest_table(g, a.wrap),
            _ => Vec::new(),
        },
    }
}

/// [`Program::legal_ontos`]: per kind and kind of action, the one `onto`
/// of every rule that allows it.
fn legal_ontos(rules: &[Rule], kinds: usize) -> Vec<[Option<Onto>; 3]> {
    let agreed = |kind: usize, put: Put| {
        let mut ontos = (rules.iter())
            .filter(|r| r.kinds >> kind & 1 == 1)
            .filter(|r| match (r.mechanic, r.drop.is_some()) {
                (Mechanic::Place, false) => put == Put::Place,
                (Mechanic::Place, true) => put == Put::Drop,
                (Mechanic::Move, _) => put == Put::Move,
                _ => false,
            });
        let first = ontos.next()?.onto;
        ontos.all(|r| r.onto == first).then_some(first)
    };
    (0..kinds)
        .map(|k| [Put::Place, Put::Drop, Put::Move].map(|put| agreed(k, put)))
        .collect()
}

/// Whether two rules of the same mechanic may list the same action.
fn overlapping(rules: &[Rule]) -> bool {
    rules.iter().enumerate().any(|(i, a)| {
        rules[i + 1..].iter().any(|b| {
            let same =
                a.mechanic == b.mechanic && matches!(a.mechanic, Mechanic::Place | Mechanic::Move);
            let shared_dirs = (a.directions.iter().zip(&b.directions))
                .any(|(x, y)| x.iter().any(|d| y.contains(d)));
            let anywhere = a.pattern == Pattern::Anywhere || b.pattern == Pattern::Anywhere;
            same && a.kinds & b.kinds != 0
                && (a.mechanic == Mechanic::Place || anywhere || shared_dirs)
        })
    }) || rules
        .iter()
        .filter(|r| r.mechanic == Mechanic::Pass)
        .count()
        > 1
}

/// The direction steps of each line axis asked for.
pub fn line_axes(shape: Shape, wanted: &[LineDirection]) -> Vec<(i8, i8)> {
    let all = [
        LineDirection::Rows,
        LineDirection::Columns,
        LineDirection::Diagonals,
    ];
    let wanted = if wanted.is_empty() { &all[..] } else { wanted };
    let mut axes = Vec::new();
    for direction in wanted {
        match (shape, direction) {
            (_, LineDirection::Rows) => axes.push((1, 0)),
            (Shape::Square, LineDirection::Columns) => axes.push((0, 1)),
            (Shape::Square, LineDirection::Diagonals) => axes.extend([(1, 1), (1, -1)]),
            (Shape::Hex, LineDirection::Columns) => axes.push((0, 1)),
            (Shape::Hex, LineDirection::Diagonals) => axes.push((-1, 1)),
        }
    }
    axes.dedup();
    axes
}

fn line_table(g: &Geometry, spec: &LineSpec) -> LineTable {
    let (w, h, len) = (
        i16::from(g.width),
        i16::from(g.height),
        i16::from(spec.length),
    );
    let mut masks = Vec::new();
    for (dx, dy) in line_axes(g.shape, &spec.directions) {
        let (dx, dy) = (i16::from(dx), i16::from(dy));
        for start in 0..(w * h) {
            let (x, y) = (start % w, start / w);
            let (ex, ey) = (x + dx * (len - 1), y + dy * (len - 1));
            if (0..w).contains(&ex) && (0..h).contains(&ey) {
                let mask = (0..len).fold(0u128, |m, i| m | 1 << ((y + dy * i) * w + x + dx * i));
                masks.push(mask);
            }
        }
    }
    let mut start = vec![0u32];
    let mut through = Vec::new();
    for cell in 0..g.cells() {
        let lines = (masks.iter().enumerate()).filter(|(_, m)| *m >> cell & 1 == 1);
        through.extend(lines.map(|(i, _)| i as u16));
        start.push(through.len() as u32);
    }
    let mut small = (g.cells() <= 16 && masks.len() <= 16).then_some([0u16; 16]);
    if let Some(small) = &mut small {
        for (word, &mask) in small.iter_mut().zip(&masks) {
            *word = mask as u16;
        }
    }
    LineTable {
        small,
        through_masks: through.iter().map(|&i| masks[usize::from(i)]).collect(),
        masks,
        start,
        through,
    }
}

fn goals(g: &Geometry, players: &[Player], reach: Option<&ReachSpec>) -> Vec<Cells> {
    let Some(_) = reach else {
        return vec![0; players.len()];
    };
    (players.iter())
        .map(|p| {
            // The far row: the squares with no neighbour in the forward direction.
            (0..g.cells() as u8)
                .filter(|&c| g.neighbour(c, p.forward, false).is_none())
                .fold(0, |mask, c| mask | 1 << c)
        })
        .collect()
}

fn stack_height(stacking: &StackSpec, kinds: &[Kind]) -> u8 {
    match (stacking.cover, stacking.height) {
        (Cover::None, _) => 1,
        (_, Some(height)) => height,
        (Cover::Larger, None) => {
            let mut sizes: Vec<u8> = kinds.iter().map(|k| k.size).collect();
            sizes.sort_unstable();
            sizes.dedup();
            sizes.len().max(2) as u8
        }
        (Cover::Any, None) => 2,
    }
}

/// Splits a setup row into its glyph tokens with their byte offsets in
/// the row: by white space when the row has any, else one per character.
pub fn setup_tokens(row: &str) -> Vec<(usize, &str)> {
    if row.contains(char::is_whitespace) {
        let mut tokens = Vec::new();
        let mut rest = row;
        while let Some(start) = rest.find(|c: char| !c.is_whitespace()) {
            let word = &rest[start..];
            let end = word.find(char::is_whitespace).unwrap_or(word.len());
            tokens.push((row.len() - rest.len() + start, &word[..end]));
            rest = &word[end..];
        }
        tokens
    } else {
        row.char_indices()
            .map(|(i, c)| (i, &row[i..i + c.len_utf8()]))
            .collect()
    }
}

/// The piece code a setup glyph stands for (0 for `.`), if any.
pub fn glyph_code(glyph: &str, kinds: &[Kind]) -> Option<u8> {
    if glyph == "." {
        return Some(0);
    }
    (kinds.iter().enumerate()).find_map(|(k, kind)| {
        let owner = kind.glyphs.iter().position(|g| g == glyph)?;
        Some(Program::code(k as u8, owner as u8))
    })
}

fn setup(rows: &[String], kinds: &[Kind]) -> Vec<(u8, u8)> {
    let height = rows.len();
    let mut pieces = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        let y = height - 1 - r;
        let width = setup_tokens(row).len();
        for (x, (_, glyph)) in setup_tokens(row).into_iter().enumerate() {
            match glyph_code(glyph, kinds) {
                Some(code) if code > 0 => pieces.push(((y * width + x) as u8, code)),
                _ => {}
            }
        }
    }
    pieces
}
