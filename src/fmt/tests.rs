use proptest::prelude::*;

use super::format_toml;

#[test]
fn comments_are_kept_and_tables_get_a_blank_line() {
    let text = "#:schema ./x.json\n# about\ngame = \"vocabulary\" # the game\n# the board\n[board]\nwidth = 3\n[[players]]\nname = \"A\"\n";
    let formatted = format_toml(text).unwrap();
    assert_eq!(
        formatted,
        "#:schema ./x.json\n# about\ngame = \"vocabulary\" # the game\n\n# the board\n[board]\nwidth = 3\n\n[[players]]\nname = \"A\"\n"
    );
}

#[test]
fn long_arrays_wrap_and_arrays_written_open_stay_open() {
    let long = format!("setup = [{}]\n", ["\"abcdefgh\""; 10].join(", "));
    let formatted = format_toml(&long).unwrap();
    assert!(
        formatted.starts_with("setup = [\n    \"abcdefgh\",\n"),
        "{formatted}"
    );
    assert!(formatted.ends_with(",\n]\n"), "{formatted}");
    let short = format_toml("a = [ 1,2 ]\n").unwrap();
    assert_eq!(short, "a = [1, 2]\n");
    let rows = format_toml("setup = [\n  \"ab\",\n  \"cd\"\n]\n").unwrap();
    assert_eq!(rows, "setup = [\n    \"ab\",\n    \"cd\",\n]\n");
}

#[test]
fn arrays_with_comments_stay_open() {
    let text = "a = [\n  1, # one\n  2,\n]\n";
    let formatted = format_toml(text).unwrap();
    assert!(formatted.contains("# one"), "{formatted}");
    assert_eq!(format_toml(&formatted).unwrap(), formatted);
}

#[test]
fn a_comment_s_trailing_blanks_do_not_decide_the_wrapping() {
    // 80 columns once the comment's blanks are gone: one line, both times.
    let text = "aa=[100 ,100 ,100 ,10 ,10 ,0 ,100 ,10 ,100 ,100 ,100 ,10 ,100 ,100]#    a a   ";
    let formatted = format_toml(text).unwrap();
    assert_eq!(
        formatted,
        "aa = [100, 100, 100, 10, 10, 0, 100, 10, 100, 100, 100, 10, 100, 100] #    a a\n"
    );
    assert_eq!(format_toml(&formatted).unwrap(), formatted);
}

#[test]
fn multi_line_strings_are_untouched() {
    let text = "board = '''\n[not a header]\n  # not a comment\n'''\n[x]\ny = 1\n";
    let formatted = format_toml(text).unwrap();
    assert!(formatted.starts_with("board = '''\n[not a header]\n  # not a comment\n'''\n\n[x]"));
}

#[test]
fn syntax_errors_are_every_problem() {
    let errors = format_toml("a = [\nb = \n").unwrap_err();
    assert!(!errors.is_empty());
    let report = crate::diagnostics::render_one(&errors[0], 80);
    assert!(report.contains("fmt::invalid_toml"), "{report}");
}

/// One TOML line of a generated document: a key, a table header, a
/// comment or a blank line, with odd spacing.
fn line() -> impl Strategy<Value = String> {
    let key = "[a-z]{1,6}";
    let value = prop_oneof![
        "[0-9]{1,4}".prop_map(|n| n.trim_start_matches('0').to_owned() + "0"),
        "[a-z ]{0,12}".prop_map(|s| format!("\"{s}\"")),
        prop::collection::vec(0u32..1000, 0..30).prop_map(|v| format!(
            "[{}]",
            v.iter().map(u32::to_string).collect::<Vec<_>>().join(" ,")
        )),
        Just("{ a = 1,b=\"c\" }".to_owned()),
    ];
    prop_oneof![
        (key, "[ ]{0,3}", value, "( *# [a-z ]{0,10})?")
            .prop_map(|(k, s, v, c)| format!("{s}{k}{s}={s}{v}{c}")),
        key.prop_map(|k| format!("[{k}]")),
        key.prop_map(|k| format!("[[{k}]]")),
        "# [a-z ]{0,20}".prop_map(|c| c.to_owned()),
        Just(String::new()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Formatting is idempotent and keeps every comment and the data.
    #[test]
    fn formatting_is_idempotent(lines in prop::collection::vec(line(), 0..25)) {
        let text = lines.join("\n");
        let Ok(data) = text.parse::<toml::Table>() else { return Ok(()) };
        let once = format_toml(&text).expect("valid TOML formats");
        let twice = format_toml(&once).expect("formatted TOML formats");
        prop_assert_eq!(&once, &twice);
        prop_assert_eq!(once.parse::<toml::Table>().expect("still TOML"), data);
        let comments = |t: &str| t.matches('#').count();
        prop_assert_eq!(comments(&once), comments(&text));
    }
}
