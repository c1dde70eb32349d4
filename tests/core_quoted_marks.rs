//! Quoted marks (`mark("M(")`): a core ruleset's marked words may hold any
//! characters, so an action can be written in a game's own notation
//! (`M(E;3)`): legal actions are written so, read back from that text,
//! and the expanded form quotes them again and reads back the same program.
//! Also: a program with hundreds of `<...>` in a row runs (one cursor
//! register per level of nesting).

use relic::contract::Game;
use relic::games::{CoreRules, Registered};
use relic::lang::{CoreGame, parse_core_resolved};

/// A walker that steps east one or two squares; each action is written
/// `M(E;n)`, a word with a quote and backslash ends the game.
const RULES: &str = r#"
game = "core"
name = "Quoted"
players = ["a"]
separator = ""
rules = '''
any {own man} ( mark("M(") mark(E) mark(";") step ->a
          | mark("say \"hi\\\"") end(win) )
'''

[macros]
step = "[empty] ( e mark(1) | e e mark(2) ) [man] mark(\")\")"

[board]
width = 4
height = 1
setup = ["M..."]

[[kinds]]
name = "man"
glyphs = ["M"]
"#;

fn game() -> CoreGame {
    let rules = CoreRules::parse_rules(RULES, "quoted", None)
        .unwrap_or_else(|e| panic!("{}", e.render(80)));
    CoreGame::new(rules.program.clone())
}

fn texts(game: &CoreGame) -> Vec<String> {
    (game.legal_actions().iter())
        .map(|a| game.write_action(a))
        .collect()
}

#[test]
fn actions_are_written_and_read_in_the_quoted_notation() {
    let mut game = game();
    let names = texts(&game);
    assert_eq!(names, ["M(E;1)", "M(E;2)", "say \"hi\\\""]);
    for name in &names {
        let action = game.parse_action(name).unwrap();
        assert_eq!(&game.write_action(&action), name);
    }
    assert!(game.parse_action("M(E;3)").is_err());
    let step = game.parse_action("M(E;2)").unwrap();
    game.apply(&step).unwrap();
    assert_eq!(texts(&game), ["M(E;1)", "say \"hi\\\""]);
}

#[test]
fn the_expanded_form_quotes_marks_and_reads_back() {
    let rules = CoreRules::parse_rules(RULES, "quoted", None).unwrap();
    let expanded = CoreRules::expanded_toml(&rules);
    assert!(expanded.contains(r#"mark("M(")"#), "{expanded}");
    assert!(expanded.contains("mark(E)"), "{expanded}");
    let again = CoreRules::parse_rules(&expanded, "expanded", None)
        .unwrap_or_else(|e| panic!("{}", e.render(80)));
    assert_eq!(again.program.ops, rules.program.ops);
    assert_eq!(again.program.words, rules.program.words);
}

#[test]
fn an_unclosed_quote_is_reported() {
    let bad = RULES.replace(r#"mark(";")"#, r#"mark(";)"#);
    assert!(parse_core_resolved(&bad, "bad", None).is_err());
}

/// A program may write any number of `<...>` one after another (a
/// lowering writes hundreds): each level of nesting takes one cursor
/// register, so 300 of them in a row need one and run.
#[test]
fn hundreds_of_returns_in_a_row_run() {
    let many = vec!["<e {empty}>"; 300].join(" ");
    let rules = RULES.replace("any {own man} (", &format!("any {{own man}} {many} ("));
    let rules =
        CoreRules::parse_rules(&rules, "many", None).unwrap_or_else(|e| panic!("{}", e.render(80)));
    assert_eq!(rules.program.registers, 1);
    let game = CoreGame::new(rules.program.clone());
    assert_eq!(texts(&game), ["M(E;1)", "M(E;2)", "say \"hi\\\""]);
}
