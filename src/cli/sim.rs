//! `relic sim`: play many games between bots and report per-seat
//! statistics; `relic sim merge`: combine sharded runs.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::str::FromStr;
use std::sync::Arc;

use clap::{Args, Subcommand, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::common::eprint_diagnostic;
use super::load_game_rules;
use super::usage::CliError;
use crate::games::moving_maze::boardgen::{BoardSpec, generate};
use crate::games::moving_maze::engine::Game as MazeGame;
use crate::games::{
    CoreFormFailure, GameRules, GameVisitor, Playable, Setup, moving_maze, with_game,
};
use crate::rules::Rules;
use crate::sim::{
    Lineup, RunInfo, RunReport, SCHEMA, Shard, SimConfig, SimDocument, SimGame, chart_svg,
    game_seed, merge_documents, mix, read_document, render_csv, render_table, simulate,
};

/// Arguments of `relic sim`.
#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct SimArgs {
    /// `merge`: combine the JSON outputs of sharded runs.
    #[command(subcommand)]
    pub command: Option<SimCommand>,
    /// The options of a simulation.
    #[command(flatten)]
    pub run: SimRunArgs,
}

/// The `relic sim` subcommands.
#[derive(Debug, Subcommand)]
pub enum SimCommand {
    /// Combine the `--format json` outputs of every shard of one study
    /// into exactly the figures one run would have printed.
    Merge(MergeArgs),
}

/// Arguments of `relic sim merge`.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The JSON files written by `relic sim --shard I/N --format json`.
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,
    /// How to print the merged figures.
    #[arg(long, value_enum, default_value_t = SimFormat::Human)]
    pub format: SimFormat,
    /// Also write an SVG chart of the merged figures to this file.
    #[arg(long, value_name = "FILE.svg")]
    pub chart: Option<PathBuf>,
}

/// How `relic sim` prints its figures.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum SimFormat {
    /// An aligned table for people (`table` is an old name for it).
    #[default]
    #[value(alias = "table")]
    Human,
    /// One JSON document with the raw totals (mergeable) and the figures.
    Json,
    /// One CSV line per ruleset and seat.
    Csv,
}

/// The options of a simulation run.
#[derive(Debug, Args)]
pub struct SimRunArgs {
    /// The ruleset (a TOML file or a built-in name); standard Moving Maze
    /// by default.
    #[arg(long, value_name = "FILE")]
    pub ruleset: Option<PathBuf>,
    /// Also play the same seeded games under this ruleset and print both
    /// side by side with the differences.
    #[arg(long, value_name = "FILE")]
    pub vs_ruleset: Option<PathBuf>,
    /// Play every game on this setup file (a Moving Maze board, an Escape
    /// configuration, a level file, a board text: as for `relic play`);
    /// the game's default by default (Moving Maze: the shipped 7x7 board).
    #[arg(long, value_name = "FILE", conflicts_with = "random_boards")]
    pub board: Option<PathBuf>,
    /// The setup file, as `--board` gives it (`relic sim --ruleset
    /// boulder-dash boards/cave-20x12.board`); a `.toml` file here, with
    /// no `--ruleset`, is the ruleset, played from its own setup.
    #[arg(value_name = "SETUP", conflicts_with_all = ["board", "random_boards"])]
    pub setup: Option<PathBuf>,
    /// Play each game on a fresh random board W wide, H high with K relics
    /// of each colour, for example `7x7:6`.
    #[arg(long, value_name = "WxH:K")]
    pub random_boards: Option<RandomBoards>,
    /// How many games (in the whole study, over all shards), at least 1.
    #[arg(long, default_value_t = 1000,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub games: u64,
    /// Uniformly random turns at the start of every game before the
    /// strategies take over. By default one turn per seat when a seat's
    /// strategy plays the same way whatever the seed (greedy, search) and
    /// every game starts from the same board, else none. `0` is refused
    /// in that case: every game would be the same game.
    #[arg(long, value_name = "TURNS")]
    pub opening: Option<u32>,
    /// Who plays each seat: one strategy for every seat (`random`,
    /// `greedy`, `mcts:iterations=N:depth=D`, `mcts:ms=N`, and the game's
    /// own, such as Moving Maze's `search:nodes=N`) or `seat=strategy`
    /// pairs, for example `yellow=greedy,red=mcts:ms=100`; seats not named
    /// play `random`.
    #[arg(long, value_name = "SPEC", default_value = "random")]
    pub bots: String,
    /// The study's seed: game `i` depends only on the seed and `i`.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Play on the core interpreter: a vocabulary ruleset (and the
    /// `--vs-ruleset`) lowered into the core language, as `relic rules
    /// show --expanded` prints it, a walker game or Moving Maze written in
    /// the core for the `--board` setup (a cave, a level file, a board).
    /// The same games; the core's speed.
    #[arg(long)]
    pub core: bool,
    /// Worker threads; all cores by default. The figures do not depend on it.
    #[arg(long, value_name = "J")]
    pub jobs: Option<usize>,
    /// Stop a game after this many turns (all seats together, at most
    /// 100000); it then counts as stopped, won by nobody.
    #[arg(long, value_name = "T", default_value_t = 2000,
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub max_turns: u32,
    /// How to print the figures.
    #[arg(long, value_enum, default_value_t = SimFormat::Human)]
    pub format: SimFormat,
    /// Also write an SVG chart (win rates per seat, game length) to this file.
    #[arg(long, value_name = "FILE.svg")]
    pub chart: Option<PathBuf>,
    /// Play only share I of N (the games whose index modulo N is I), for
    /// spreading a study over machines; combine with `relic sim merge`.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<ShardArg>,
}

impl SimRunArgs {
    /// The file given where a setup goes (`SETUP` or `--board`).
    fn given_setup(&self) -> Option<&std::path::Path> {
        self.setup.as_deref().or(self.board.as_deref())
    }

    /// The setup file the games start from (`SETUP` or `--board`), unless
    /// that file is the ruleset itself.
    pub fn setup_file(&self) -> Option<&std::path::Path> {
        let given = self.given_setup();
        match super::ruleset_in_setup_place(self.ruleset.as_ref(), given) {
            true => None,
            false => given,
        }
    }
}

/// `--random-boards WxH:K`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RandomBoards(pub BoardSpec);

impl FromStr for RandomBoards {
    type Err = String;

    fn from_str(text: &str) -> Result<RandomBoards, String> {
        let bad = || format!("expected WxH:K such as 7x7:6, found {text:?}");
        let (size, relics) = text.split_once(':').ok_or_else(bad)?;
        let (width, height) = size.split_once(['x', 'X']).ok_or_else(bad)?;
        let number = |s: &str| s.trim().parse::<u8>().map_err(|_| bad());
        Ok(RandomBoards(BoardSpec {
            width: number(width)?,
            height: number(height)?,
            relics: number(relics)?,
        }))
    }
}

/// `--shard I/N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardArg(pub Shard);

impl FromStr for ShardArg {
    type Err = String;

    fn from_str(text: &str) -> Result<ShardArg, String> {
        let bad = || format!("expected I/N with 0 <= I < N, such as 0/4, found {text:?}");
        let (index, count) = text.split_once('/').ok_or_else(bad)?;
        let index: u64 = index.trim().parse().map_err(|_| bad())?;
        let count: u64 = count.trim().parse().map_err(|_| bad())?;
        if count == 0 || index >= count {
            return Err(bad());
        }
        Ok(ShardArg(Shard { index, count }))
    }
}

/// Runs `relic sim` or `relic sim merge`.
pub fn run(args: &SimArgs) -> ExitCode {
    let result = match &args.command {
        Some(SimCommand::Merge(merge)) => run_merge(merge),
        None => run_simulation(&args.run),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => ExitCode::from(code),
    }
}

/// Why a study could not run: an error of its options (shown pointing
/// into the command line by `relic sim`), or the problems of its ruleset,
/// setup or strategies, rendered.
#[derive(Debug)]
pub struct StudyFailure(Failure);

#[derive(Debug)]
enum Failure {
    Options(CliError),
    Rendered { text: String, codes: Vec<String> },
}

impl StudyFailure {
    /// Every problem rendered without colour, `width` columns wide.
    pub fn render(&self, width: usize) -> String {
        match &self.0 {
            Failure::Options(error) => crate::diagnostics::render_one(error, width),
            Failure::Rendered { text, .. } => text.clone(),
        }
    }

    /// The diagnostic codes of the problems (`cli::identical_games`,
    /// `rules::game::unknown`, ...), in order.
    pub fn codes(&self) -> Vec<String> {
        match &self.0 {
            Failure::Options(error) => miette::Diagnostic::code(error)
                .map(|c| c.to_string())
                .into_iter()
                .collect(),
            Failure::Rendered { codes, .. } => codes.clone(),
        }
    }

    fn of_reports<'a>(
        text: String,
        reports: impl IntoIterator<Item = &'a crate::diagnostics::FileReport>,
    ) -> StudyFailure {
        let codes = (reports.into_iter())
            .flat_map(|r| r.problems.iter())
            .filter_map(|p| p.code().map(|c| c.to_string()))
            .collect();
        StudyFailure(Failure::Rendered { text, codes })
    }

    fn of_diagnostic(error: &dyn miette::Diagnostic) -> StudyFailure {
        let text = crate::diagnostics::render_one(error, 80);
        let codes = error.code().map(|c| c.to_string()).into_iter().collect();
        StudyFailure(Failure::Rendered { text, codes })
    }
}

impl From<CliError> for StudyFailure {
    fn from(error: CliError) -> StudyFailure {
        StudyFailure(Failure::Options(error))
    }
}

/// An error of the options.
fn fail(error: CliError) -> StudyFailure {
    error.into()
}

/// Prints an error and returns exit status 2.
fn print_failure(error: CliError) -> u8 {
    super::usage::fail(error);
    2
}

fn run_simulation(args: &SimRunArgs) -> Result<(), u8> {
    let progress = std::io::stderr().is_terminal() && !crate::output::quiet();
    let document = simulate_study(args, progress).map_err(|failure| {
        match failure.0 {
            Failure::Options(error) => drop(super::usage::fail(error)),
            Failure::Rendered { text, .. } => crate::output::err!("{text}"),
        }
        2u8
    })?;
    print_document(&document, args.format, args.chart.as_deref())
}

/// Plays the study `args` describe (every option but `--format` and
/// `--chart`) and returns the document `relic sim --format json` prints:
/// the library's door to `relic sim` (the Python package's `relic.sim`).
/// `progress` shows a progress bar on stderr.
///
/// ```
/// use clap::Parser;
/// use relic::cli::{SimArgs, simulate_study};
/// #[derive(Parser)]
/// struct Cli {
///     #[command(flatten)]
///     sim: SimArgs,
/// }
/// let cli = Cli::parse_from(["sim", "--ruleset", "tic-tac-toe", "--games", "20"]);
/// let document = simulate_study(&cli.sim.run, false).unwrap();
/// assert_eq!(document.runs[0].totals.games, 20);
/// ```
pub fn simulate_study(args: &SimRunArgs, progress: bool) -> Result<SimDocument, StudyFailure> {
    let rules = load(super::implied_ruleset(args.ruleset.as_ref(), args.given_setup()).as_ref())?;
    let vs = args
        .vs_ruleset
        .as_ref()
        .map(|p| load(Some(p)))
        .transpose()?;
    let mut rulesets: Vec<GameRules> = std::iter::once(rules).chain(vs).collect();
    let board = args.setup_file().map_or(Setup::Default, Setup::file);
    let mut setups = vec![board; rulesets.len()];
    if args.core {
        let named = [args.ruleset.as_ref(), args.vs_ruleset.as_ref()];
        for ((rules, setup), name) in rulesets.iter_mut().zip(&mut setups).zip(named) {
            let ruleset = name.map_or("moving-maze".into(), |p| p.display().to_string());
            (*rules, *setup) = in_core_on(rules, setup, ruleset)?;
        }
    }
    let study = study_of(args, rulesets.len(), progress)?;
    let mut runs = Vec::new();
    for (rules, setup) in rulesets.iter().zip(&setups) {
        // Moving Maze has its own setup options (random boards); every
        // other game plays from its setup file or its default.
        runs.push(match rules {
            GameRules::MovingMaze(rules) => maze_run(rules, &study)?,
            other => fixed_run(other, setup, &study)?,
        });
    }
    study.progress.finish_and_clear();
    Ok(SimDocument {
        schema: SCHEMA.to_string(),
        runs,
    })
}

/// What the `runs` runs of `args` share: the games to play (this shard's),
/// the worker threads and the progress bar.
fn study_of(args: &SimRunArgs, runs: usize, progress: bool) -> Result<Study<'_>, StudyFailure> {
    let shard = args.shard.map_or(Shard::ALL, |s| s.0);
    let config = SimConfig {
        games: args.games,
        seed: args.seed,
        max_turns: args.max_turns,
        shard,
        opening: 0,
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs.unwrap_or(0))
        .build()
        .map_err(|e| {
            fail(CliError::System {
                what: "start the worker threads",
                reason: e.to_string(),
            })
        })?;
    let share = (0..config.games).filter(|&g| shard.has(g)).count() as u64;
    Ok(Study {
        args,
        config,
        pool,
        progress: match progress {
            true => progress_bar(share * runs as u64),
            false => ProgressBar::hidden(),
        },
    })
}

/// What every run of one `relic sim` shares.
struct Study<'a> {
    args: &'a SimRunArgs,
    config: SimConfig,
    pool: rayon::ThreadPool,
    progress: ProgressBar,
}

/// Where Moving Maze's games start: one board, or a random board per game.
enum MazeStart {
    Fixed(Box<MazeGame>),
    Random(BoardSpec),
}

/// Moving Maze's games, on `--board` (the shipped 7x7 board by default)
/// or on `--random-boards`.
fn maze_run(rules: &Arc<Rules>, study: &Study) -> Result<RunReport, StudyFailure> {
    let args = study.args;
    let (start, board_name) = match (args.random_boards, args.setup_file()) {
        (Some(RandomBoards(spec)), _) => {
            let name = format!("random {}x{}:{}", spec.width, spec.height, spec.relics);
            (MazeStart::Random(spec), name)
        }
        (None, board) => {
            let setup = board.map_or(Setup::Default, Setup::file);
            let name = board.map_or(String::from("classic-7x7"), |p| p.display().to_string());
            let game = moving_maze::load(rules, &setup).map_err(|failure| {
                StudyFailure::of_reports(failure.render(80), [&failure.report])
            })?;
            (MazeStart::Fixed(Box::new(game)), name)
        }
    };
    let setup = |_: u64, seed: u64| match &start {
        MazeStart::Fixed(game) => Ok(game.as_ref().clone()),
        MazeStart::Random(spec) => {
            let board = generate(rules, spec, mix(seed ^ 0xB0A2D)).map_err(|e| e.to_string())?;
            MazeGame::new(rules.clone(), &board).map_err(|e| e.to_string())
        }
    };
    let fixed_start = matches!(start, MazeStart::Fixed(_));
    let names = RunNames {
        ruleset: rules.ruleset().name.clone(),
        board: board_name,
    };
    run_study(&setup, fixed_start, names, study)
}

/// `rules` on the core interpreter from `setup` (`--core`), and the setup
/// its core form starts from.
fn in_core_on(
    rules: &GameRules,
    setup: &Setup,
    ruleset: String,
) -> Result<(GameRules, Setup), StudyFailure> {
    rules.in_core_on(setup).map_err(|failure| match failure {
        CoreFormFailure::Setup(failure) => {
            StudyFailure::of_reports(failure.render(80), [&failure.report])
        }
        CoreFormFailure::NoCoreForm(why) => {
            StudyFailure(Failure::Options(CliError::NoCoreForm { ruleset, why }))
        }
    })
}

/// Any game's games from one setup: `--board FILE` (the game's setup
/// file) or the game's default.
fn fixed_run(rules: &GameRules, setup: &Setup, study: &Study) -> Result<RunReport, StudyFailure> {
    if study.args.random_boards.is_some() {
        return Err(fail(CliError::MazeOnlyOption {
            option: "--random-boards".into(),
            why: format!(
                "the ruleset {} is for `{}`: leave out --random-boards (--board FILE gives a setup)",
                rules.name(),
                rules.id().name()
            ),
        }));
    }
    let names = RunNames {
        ruleset: rules.name().to_owned(),
        board: (study.args.setup_file())
            .map_or(String::from("default"), |p| p.display().to_string()),
    };
    let visitor = FixedRun { names, study };
    with_game(rules, setup, visitor)
        .map_err(|failure| StudyFailure::of_reports(failure.render(80), [&failure.report]))?
}

/// Runs a study from one initial position of whatever game it is given.
struct FixedRun<'a> {
    names: RunNames,
    study: &'a Study<'a>,
}

impl GameVisitor for FixedRun<'_> {
    type Output = Result<RunReport, StudyFailure>;

    fn visit<G: Playable>(self, game: G) -> Result<RunReport, StudyFailure> {
        let setup = move |_: u64, _: u64| Ok(game.clone());
        run_study(&setup, true, self.names, self.study)
    }
}

/// What the report calls a run's ruleset and setup.
struct RunNames {
    ruleset: String,
    board: String,
}

/// Plays one ruleset's games of any game `G`, from `setup`.
fn run_study<G: SimGame>(
    setup: &(dyn Fn(u64, u64) -> Result<G, String> + Sync),
    fixed_start: bool,
    names: RunNames,
    study: &Study,
) -> Result<RunReport, StudyFailure> {
    let mut config = study.config;
    let first = setup(0, game_seed(config.seed, 0)).map_err(|e| {
        fail(CliError::Unplayable {
            reason: format!("game 0: {e}"),
            at: None,
        })
    })?;
    let seats: Vec<String> = (0..first.seat_count())
        .map(|s| first.seat_name(s))
        .collect();
    let lineup = Lineup::<G>::parse(&study.args.bots, &seats)
        .map_err(|e| StudyFailure::of_diagnostic(&e))?;
    let fixed_seat = lineup
        .fixed_seat()
        .map(|seat| (seats[seat].clone(), lineup.names()[seat].clone()));
    config.opening = opening(study.args.opening, fixed_start, fixed_seat, seats.len())?;
    let progress = || study.progress.inc(1);
    let totals = study
        .pool
        .install(|| simulate(setup, &lineup, &config, &progress))
        .map_err(|e| {
            fail(CliError::Unplayable {
                reason: e.to_string(),
                at: None,
            })
        })?;
    let info = RunInfo {
        ruleset: names.ruleset,
        board: names.board,
        seats,
        bots: lineup.names(),
        seed: config.seed,
        games: config.games,
        max_turns: config.max_turns,
        opening: config.opening,
        shards: vec![config.shard],
    };
    Ok(RunReport::new(info, totals))
}

/// The opening: as given, or one random turn per seat when a strategy
/// that does not vary plays from a fixed start; refused when it would
/// make every game the same.
fn opening(
    given: Option<u32>,
    fixed_board: bool,
    fixed_seat: Option<(String, String)>,
    seats: usize,
) -> Result<u32, StudyFailure> {
    let needed = fixed_board.then_some(fixed_seat).flatten();
    match (given, needed) {
        (Some(0), Some((seat, bot))) => Err(fail(CliError::IdenticalGames { bot, seat })),
        (Some(turns), _) => Ok(turns),
        (None, Some(_)) => Ok(u32::try_from(seats).unwrap_or(u32::MAX)),
        (None, None) => Ok(0),
    }
}

fn load(ruleset: Option<&PathBuf>) -> Result<GameRules, StudyFailure> {
    load_game_rules(ruleset).map_err(|f| StudyFailure::of_reports(f.render(80), &f.reports))
}

/// A progress bar on stderr, hidden when stderr is not a terminal or `-q`
/// is given.
fn progress_bar(games: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() || crate::output::quiet() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(games), ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template(
        "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} games ({per_sec}, {eta} left)",
    );
    if let Ok(style) = style {
        bar.set_style(style);
    }
    bar
}

fn print_document(
    document: &SimDocument,
    format: SimFormat,
    chart: Option<&Path>,
) -> Result<(), u8> {
    if let Some(path) = chart {
        std::fs::write(path, chart_svg(&document.runs)).map_err(|e| {
            print_failure(CliError::Unwritable {
                what: "chart",
                path: path.display().to_string(),
                reason: e.to_string(),
            })
        })?;
    }
    let text = match format {
        SimFormat::Human => render_table(&document.runs),
        SimFormat::Csv => render_csv(&document.runs),
        SimFormat::Json => {
            let mut json = serde_json::to_string_pretty(document).expect("the document serialises");
            json.push('\n');
            json
        }
    };
    crate::output::out!("{text}");
    Ok(())
}

/// The largest shard document `relic sim merge` reads.
const MAX_DOCUMENT_BYTES: u64 = 16 << 20;

/// Reads a shard: a regular file (never a FIFO or device) of at most
/// [`MAX_DOCUMENT_BYTES`] of UTF-8 text; on failure, the reason.
fn read_limited(path: &Path) -> Result<String, String> {
    use crate::files::{ReadFailure, read_regular};
    let bytes = read_regular(path, MAX_DOCUMENT_BYTES).map_err(|failure| match failure {
        ReadFailure::TooLarge { .. } => format!("larger than {} MiB", MAX_DOCUMENT_BYTES >> 20),
        failure => failure.reason(),
    })?;
    String::from_utf8(bytes).map_err(|_| "it is not UTF-8 text".to_owned())
}

/// Prints a diagnostic and returns exit status 2.
fn report(error: impl miette::Diagnostic + Send + Sync + 'static) -> u8 {
    eprint_diagnostic(error);
    2
}

fn run_merge(args: &MergeArgs) -> Result<(), u8> {
    let mut documents = Vec::new();
    for path in &args.files {
        let shown = path.display().to_string();
        let text = read_limited(path).map_err(|e| {
            print_failure(CliError::Unreadable {
                what: "shard",
                path: shown.clone(),
                reason: e,
            })
        })?;
        let document = read_document(&shown, &text).map_err(report)?;
        documents.push((shown, document));
    }
    let merged = merge_documents(documents).map_err(report)?;
    print_document(&merged, args.format, args.chart.as_deref())
}
