//! The page's "Rules of this game" panel: the server answers `/api/rules`
//! with the text of `relic rules explain`, or 204 when it has none, and
//! the page shell holds the panel that shows it.

use crate::gui_support;

use relic::games::GameRules;
use relic::gui::ServeOptions;

use gui_support::*;

#[test]
fn the_rules_in_words_are_served_when_given() {
    let rules = relic::games::resolve_game_rules("moving-maze".as_ref()).unwrap();
    let text = relic::rulebook::explain(&rules, None);
    assert!(matches!(rules, GameRules::MovingMaze(_)));
    let options = ServeOptions {
        rules_text: Some(text.clone()),
        ..ServeOptions::default()
    };
    let server = serve(classic_game(), options);
    let answer = request(server.addr(), "GET", "/api/rules", &[], b"");
    assert_eq!(answer.status, 200);
    assert!(
        answer
            .header("content-type")
            .unwrap()
            .starts_with("text/markdown")
    );
    assert_eq!(answer.body, text);
    assert!(answer.body.starts_with("# Moving Maze"));

    let page = request(server.addr(), "GET", "/", &[], b"");
    assert!(page.body.contains(r#"id="rules-panel""#));
    let script = request(server.addr(), "GET", "/app.js", &[], b"");
    assert!(script.body.contains("/api/rules"));
}

#[test]
fn without_rules_text_the_route_answers_no_content() {
    let server = serve(classic_game(), ServeOptions::default());
    let answer = request(server.addr(), "GET", "/api/rules", &[], b"");
    assert_eq!(answer.status, 204);
    assert!(answer.body.is_empty());
}
