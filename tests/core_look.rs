//! How the browser draws a core game's board (`[browser]`): a grid's
//! coordinates on its edges, checkered squares, and boards of points
//! (Go's, Xiangqi's, a graph's) as lines between cells and dots on some;
//! boards with holes draw only their cells.

use relic::contract::BrowserView;
use relic::lang::{CoreGame, builtin_core};
use serde_json::Value;

fn view(name: &str) -> Value {
    let program = builtin_core(name).unwrap().unwrap();
    CoreGame::new(program).view(Some(0))
}

/// The view's lines, each written `x1,y1-x2,y2` from its lesser end,
/// sorted.
fn lines(view: &Value) -> Vec<String> {
    let mut lines: Vec<String> = (view["lines"].as_array().unwrap().iter())
        .map(|l| {
            let ends = [
                (l[0].as_u64(), l[1].as_u64()),
                (l[2].as_u64(), l[3].as_u64()),
            ];
            let [(x1, y1), (x2, y2)] = [ends[0].min(ends[1]), ends[0].max(ends[1])];
            format!(
                "{},{}-{},{}",
                x1.unwrap(),
                y1.unwrap(),
                x2.unwrap(),
                y2.unwrap()
            )
        })
        .collect();
    lines.sort();
    lines
}

#[test]
fn a_grid_of_squares_has_its_coordinates_on_the_edges() {
    let chess = view("chess");
    assert_eq!(chess["checkered"], true);
    assert_eq!(chess.get("points"), None);
    assert_eq!(chess["sparse"], false);
    let columns: Vec<&str> = (chess["columns"].as_array().unwrap().iter())
        .map(|c| c.as_str().unwrap())
        .collect();
    assert_eq!(columns, ["a", "b", "c", "d", "e", "f", "g", "h"]);
    // Rows from the top of the drawing: black's side first.
    assert_eq!(chess["rows"][0], "8");
    assert_eq!(chess["rows"][7], "1");
    // A hex board has no such edges; its cells name themselves.
    assert_eq!(view("hex").get("columns"), None);
}

#[test]
fn go_is_drawn_as_points_with_its_star_points() {
    let go = view("go");
    assert_eq!(
        (go["points"].as_bool(), go["checkered"].as_bool()),
        (Some(true), Some(false))
    );
    let lines = lines(&go);
    // Nine lines of eight segments each way.
    assert_eq!(lines.len(), 144);
    // a1 is drawn at (1, 9), a2 above it at (1, 8); no diagonal.
    assert!(lines.contains(&"1,8-1,9".to_owned()));
    assert!(!lines.iter().any(|l| l == "1,8-2,9" || l == "1,9-2,8"));
    // A ruleset that extends Go on a smaller board leaves out the star
    // points it no longer has.
    let small = "game = \"core\"\nextends = \"go\"\n[board]\nwidth = 5\nheight = 5\n";
    let (_, program) = relic::lang::parse_core_resolved(small, "small.toml", None)
        .unwrap_or_else(|failure| panic!("{}", failure.render(80)));
    assert_eq!(program.look.dots.len(), 2); // c3 and e5
    let dots: Vec<String> = (go["dots"].as_array().unwrap().iter())
        .map(|d| format!("{},{}", d[0], d[1]))
        .collect();
    assert_eq!(dots, ["3,7", "7,7", "5,5", "3,3", "7,3"]);
}

#[test]
fn xiangqi_has_its_river_and_its_palaces() {
    let xiangqi = view("xiangqi");
    let lines = lines(&xiangqi);
    // 9 columns of 9 segments and 10 rows of 8, less the river's 7, and
    // the palaces' 4 diagonals.
    assert_eq!(lines.len(), 9 * 9 + 10 * 8 - 7 + 4);
    // b5-b6 (x 2, y 6 and 5 from the top) is the river; a5-a6 is drawn.
    assert!(!lines.contains(&"2,5-2,6".to_owned()));
    assert!(lines.contains(&"1,5-1,6".to_owned()));
    // d1 to f3: (4, 10) to (6, 8).
    assert!(lines.contains(&"4,10-6,8".to_owned()));
}

#[test]
fn a_graph_is_drawn_as_its_links_and_points() {
    let morris = view("nine-mens-morris");
    assert_eq!(morris["points"], true);
    // Sixteen lines of three points: two segments each; every point dotted.
    assert_eq!(lines(&morris).len(), 32);
    assert_eq!(morris["dots"].as_array().unwrap().len(), 24);
    assert_eq!(morris["cells"].as_array().unwrap().len(), 24);
    assert_eq!(morris["sparse"], true);
}

#[test]
fn a_board_with_holes_is_sparse() {
    let abalone = view("abalone-hexagon");
    assert_eq!(abalone["sparse"], true);
    assert_eq!(abalone["cells"].as_array().unwrap().len(), 61);
    assert_eq!(view("othello")["sparse"], false);
}

#[test]
fn zones_are_tinted_and_named_on_their_cells() {
    let shogi = view("shogi");
    let cells = shogi["cells"].as_array().unwrap();
    let zone_of = |square: &str| {
        let cell = cells.iter().find(|c| c["square"] == square).unwrap();
        (
            cell["zone"].as_u64(),
            cell["title"].as_str().unwrap().to_owned(),
        )
    };
    let (zone, title) = zone_of("c8");
    assert_eq!(zone, Some(0));
    assert!(title.starts_with("c8, sente's promotion zone"), "{title}");
    assert_eq!(zone_of("e2").0, Some(1));
    assert_eq!(zone_of("e5"), (None, "e5".to_owned()));
    assert_eq!(cells.iter().filter(|c| c["zone"].is_u64()).count(), 54);
    let tablut = view("tablut");
    let edge = tablut["cells"].as_array().unwrap().iter();
    assert_eq!(edge.filter(|c| c["zone"] == 1).count(), 32);
    let cells = tablut["cells"].as_array().unwrap();
    let throne = cells.iter().find(|c| c["square"] == "e5").unwrap();
    assert_eq!(throne["zone_colour"], "goldenrod");
    let coloured = cells.iter().filter(|c| c["zone_colour"].is_string());
    assert_eq!(coloured.count(), 1, "only the throne's zone names a colour");
    assert!(
        shogi["cells"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c["zone_colour"].is_null())
    );
}
