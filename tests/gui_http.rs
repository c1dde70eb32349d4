//! HTTP-level tests of the GUI server: the page, the JSON API, the event
//! stream, seats, computer players and every security rule.

use crate::common;
use crate::gui_support;

use std::time::{Duration, Instant};

use relic::engine::{Action, Game};
use relic::games::moving_maze::text::{Command, parse_command};
use relic::gui::{Computer, MAX_BODY_BYTES, ServeOptions};

use gui_support::*;

fn hot_seat() -> relic::gui::RunningServer<Game> {
    serve(classic_game(), ServeOptions::default())
}

#[test]
fn serves_the_page_and_its_assets_with_security_headers() {
    let server = hot_seat();
    let page = request(server.addr(), "GET", "/", &[], b"");
    assert_eq!(page.status, 200);
    assert!(
        page.header("content-type")
            .unwrap()
            .starts_with("text/html")
    );
    assert!(page.body.contains(r#"<script src="/app.js">"#));
    for (path, kind) in [("/app.js", "text/javascript"), ("/style.css", "text/css")] {
        let asset = request(server.addr(), "GET", path, &[], b"");
        assert_eq!(asset.status, 200, "{path}");
        assert!(asset.header("content-type").unwrap().starts_with(kind));
        assert!(!asset.body.is_empty());
    }
    assert_eq!(page.header("x-frame-options").as_deref(), Some("DENY"));
    assert_eq!(
        page.header("referrer-policy").as_deref(),
        Some("no-referrer")
    );
    assert!(
        page.header("content-security-policy")
            .unwrap()
            .contains("default-src 'self'")
    );
}

#[test]
fn binds_to_the_loopback_address_by_default() {
    let server = hot_seat();
    assert!(server.addr().ip().is_loopback());
    assert_eq!(server.url(), format!("http://{}/", server.addr()));
}

#[test]
fn the_state_describes_everything_the_page_draws() {
    let server = hot_seat();
    let state = state(server.addr());
    assert_eq!(
        (state["width"].as_u64(), state["height"].as_u64()),
        (Some(7), Some(7))
    );
    assert_eq!(state["tiles"].as_array().unwrap().len(), 7);
    assert_eq!(state["tiles"][0].as_array().unwrap().len(), 7);
    assert_eq!(state["phase"], "slide");
    assert_eq!(state["current"], 0);
    assert_eq!(state["renderer"], "moving-maze");
    let message = message(server.addr());
    assert_eq!(message["version"], 0);
    assert_eq!(message["turn"], 0);
    assert_eq!(
        message["status"],
        serde_json::json!({ "over": false, "to_move": 0 })
    );
    assert_eq!(message["seats"][2]["name"], "Red");
    let names: Vec<_> = state["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].clone())
        .collect();
    assert_eq!(names, ["Green", "Yellow", "Red", "Blue"]);
    assert_eq!(state["players"][1]["pos"], serde_json::json!([7, 1]));
    assert_eq!(state["players"][3]["home"], serde_json::json!([7, 7]));
    // Even rows and columns slide from both ends: 3 lines x 4 sides.
    let slides = state["slides"].as_array().unwrap();
    assert_eq!(slides.len(), 12);
    assert!(
        slides
            .iter()
            .all(|s| s["legal"] == true && s["last_exit"] == false)
    );
    assert!(state["reachable"].as_array().unwrap().is_empty());
    assert_eq!(
        state["status"],
        "[Green] Rotate and slide the floating tile:"
    );
    // Only active relics are shown under the standard rules: relic 1 of each colour.
    let relics: Vec<_> = state["tiles"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|row| row.as_array().unwrap().iter())
        .filter_map(|tile| tile["relic"].as_object())
        .collect();
    assert_eq!(relics.len(), 4);
    assert!(
        relics
            .iter()
            .all(|r| r["order"] == 1 && r["active"] == true)
    );
}

#[test]
fn actions_are_judged_by_the_engine_and_every_change_is_reported() {
    let Some(dir) = common::shared_dir("conformance/moving-maze") else {
        return;
    };
    let board = dir.join("boards/board21.txt");
    let server = serve(game_of(&board), ServeOptions::default());
    let mut engine = game_of(&board);
    for (number, token) in move_tokens(&dir.join("moves/moves24.txt"))
        .iter()
        .enumerate()
    {
        let reply = post(server.addr(), &action_json(token), None);
        assert_eq!(reply.status, 200, "{token}: {}", reply.body);
        let Command::Act(action) = parse_command(token, &engine) else {
            panic!("{token} is a move")
        };
        engine.apply(action).unwrap();
        assert_eq!(reply.json()["version"], number as u64 + 1);
        assert_same_game(&reply.json()["view"], &engine);
    }
    let winner = winner_in_output(&dir.join("outputs/output24.txt"));
    let view = state(server.addr());
    assert_eq!(view["phase"], "over");
    assert_eq!(view["status"], format!("{winner} has won."));
    let seat = view["winner"].as_u64().unwrap() as usize;
    assert_eq!(view["players"][seat]["name"], winner.as_str());
    let after = post(server.addr(), r#"{"action":"done"}"#, None);
    assert_eq!(
        (after.status, after.error().as_str()),
        (422, "The game is over.")
    );
}

fn assert_same_game(view: &serde_json::Value, engine: &Game) {
    for (seat, player) in engine.players().iter().enumerate() {
        let shown = &view["players"][seat];
        assert_eq!(
            shown["pos"],
            serde_json::json!([player.pos.x + 1, player.pos.y + 1])
        );
        assert_eq!(shown["collected"], player.collected);
    }
    assert_eq!(view["current"], engine.current_seat());
    let phase = relic::games::moving_maze::view::game_view(engine).phase;
    assert_eq!(view["phase"], phase);
}

#[test]
fn an_illegal_action_gets_the_engines_reason_and_changes_nothing() {
    let server = hot_seat();
    let before = state(server.addr());
    // Refused by the game's rules (422), or not an action of this phase in
    // the game's notation (400): the game's own words either way.
    for (body, status, reason) in [
        (
            r#"{"action":"n3"}"#,
            422,
            "Cannot slide into odd positions.",
        ),
        (r#"{"action":"n9"}"#, 400, "There is no n9 to slide into."),
        (r#"{"action":"n"}"#, 400, "Slide the floating tile first."),
        (r#"{"action":"2,2"}"#, 400, "Slide the floating tile first."),
        (r#"{"action":"n+2"}"#, 400, "Invalid input."),
    ] {
        let reply = post(server.addr(), body, None);
        assert_eq!(
            (reply.status, reply.error().as_str()),
            (status, reason),
            "{body}"
        );
    }
    assert_eq!(state(server.addr()), before);
    // The last exit point is marked, and refused.
    assert_eq!(post(server.addr(), r#"{"action":"n2"}"#, None).status, 200);
    assert_eq!(
        post(server.addr(), r#"{"action":"done"}"#, None).status,
        200
    );
    let view = state(server.addr());
    let last_exit: Vec<_> = view["slides"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["last_exit"] == true)
        .collect();
    assert_eq!(last_exit.len(), 1);
    assert_eq!(last_exit[0]["at"], "s2");
    assert_eq!(last_exit[0]["legal"], false);
    let reply = post(server.addr(), r#"{"action":"s2"}"#, None);
    assert_eq!(
        (reply.status, reply.error().as_str()),
        (422, "Cannot slide into last exit point.")
    );
    assert_eq!(state(server.addr()), view);
}

#[test]
fn the_move_phase_lists_the_reachable_tiles() {
    let server = hot_seat();
    post(server.addr(), r#"{"action":"n2"}"#, None);
    let view = state(server.addr());
    assert_eq!(view["phase"], "move");
    let reachable = view["reachable"].as_array().unwrap();
    assert!(reachable.contains(&view["players"][0]["pos"]));
    let game = server.game();
    let here = game.players()[0].pos;
    let expected = relic::engine::positions(game.reachable_from(here), 7).count();
    assert_eq!(reachable.len(), expected);
}

#[test]
fn malformed_requests_get_400_with_a_message() {
    let server = hot_seat();
    let before = state(server.addr());
    for body in [
        "{",
        "",
        "null",
        r#"{"action": 5}"#,
        r#"{"action":"fly"}"#,
        r#"{"action":"0,3"}"#,
        r#"{"move":"3,3"}"#,
        r#"{"action":"north"}"#,
        r#"{"file":"/etc/passwd"}"#,
        r#"{"action":"done","slide":"n2"}"#,
        "\u{0}\u{1}",
    ] {
        let reply = post(server.addr(), body, None);
        assert_eq!(reply.status, 400, "{body:?}: {}", reply.body);
        assert!(!reply.error().is_empty(), "{body:?}");
    }
    assert_eq!(state(server.addr()), before);
}

#[test]
fn posts_must_be_json() {
    let server = hot_seat();
    let reply = request(
        server.addr(),
        "POST",
        "/api/action",
        &[("Content-Type", "text/plain")],
        br#"{"action":"r"}"#,
    );
    assert_eq!(reply.status, 415);
    assert_eq!(reply.error(), "Send the action as application/json.");
    assert_eq!(message(server.addr())["version"], 0);
}

#[test]
fn request_bodies_are_size_limited() {
    let server = hot_seat();
    let padding = " ".repeat(MAX_BODY_BYTES + 1);
    let body = format!(r#"{{"action":"r"{padding}}}"#);
    let reply = post(server.addr(), &body, None);
    assert_eq!(reply.status, 413, "{}", reply.body);
    assert_eq!(message(server.addr())["version"], 0);
    let small = format!(r#"{{"action":"r"{}}}"#, " ".repeat(100));
    assert_eq!(post(server.addr(), &small, None).status, 200);
}

#[test]
fn other_host_names_are_refused_against_dns_rebinding() {
    let server = hot_seat();
    let port = server.addr().port();
    for host in [
        format!("evil.example:{port}"),
        format!("localhost.evil.example:{port}"),
        format!("127.0.0.1:{}", port.wrapping_add(1)),
        "evil.example".to_string(),
        String::new(),
    ] {
        for (method, path) in [("GET", "/"), ("GET", "/api/state"), ("GET", "/api/events")] {
            let reply = request(server.addr(), method, path, &[("Host", &host)], b"");
            assert_eq!(reply.status, 403, "{host} {path}");
        }
        let reply = request(
            server.addr(),
            "POST",
            "/api/action",
            &[("Host", &host), ("Content-Type", "application/json")],
            br#"{"action":"r"}"#,
        );
        assert_eq!(reply.status, 403, "{host}");
        assert!(reply.error().contains("DNS rebinding"));
    }
    assert_eq!(message(server.addr())["version"], 0);
    for host in [format!("localhost:{port}"), format!("127.0.0.1:{port}")] {
        assert_eq!(
            request(server.addr(), "GET", "/", &[("Host", &host)], b"").status,
            200
        );
    }
}

#[test]
fn cross_site_posts_are_refused() {
    let server = hot_seat();
    let reply = request(
        server.addr(),
        "POST",
        "/api/action",
        &[
            ("Origin", "http://evil.example"),
            ("Content-Type", "application/json"),
        ],
        br#"{"action":"r"}"#,
    );
    assert_eq!(
        (reply.status, reply.error().as_str()),
        (403, "Requests from other sites are refused.")
    );
    assert_eq!(message(server.addr())["version"], 0);
    // The whole origin counts: another name or scheme for this machine is
    // another site.
    let port = server.addr().port();
    for origin in [
        format!("http://localhost:{port}"),
        format!("https://127.0.0.1:{port}"),
        format!("http://127.0.0.1:{}", port.wrapping_add(1)),
        format!("http://127.0.0.2:{port}"),
    ] {
        let reply = request(
            server.addr(),
            "POST",
            "/api/action",
            &[("Origin", &origin), ("Content-Type", "application/json")],
            br#"{"action":"r"}"#,
        );
        assert_eq!(reply.status, 403, "{origin}");
        assert_security_headers(&reply);
    }
    assert_eq!(message(server.addr())["version"], 0);
    let own = format!("http://{}", server.addr());
    let reply = request(
        server.addr(),
        "POST",
        "/api/action",
        &[("Origin", &own), ("Content-Type", "application/json")],
        br#"{"action":"r"}"#,
    );
    assert_eq!(reply.status, 200);
}

#[test]
fn the_web_api_cannot_name_files_on_disk() {
    let server = hot_seat();
    for path in [
        "/Cargo.toml",
        "/../Cargo.toml",
        "/%2e%2e/Cargo.toml",
        "/src/gui/page/app.js",
        "/page/app.js",
        "/api/../../etc/passwd",
        "/etc/passwd",
        "/api/state/../../Cargo.toml",
        "/boards/classic-7x7.gbf",
    ] {
        let reply = request(server.addr(), "GET", path, &[], b"");
        assert_eq!(reply.status, 404, "{path}");
        assert!(!reply.body.contains("[package]") && !reply.body.contains("root:"));
    }
}

#[test]
fn every_open_page_receives_every_change_and_a_reconnect_gets_the_full_state() {
    let server = hot_seat();
    let mut first = Events::open(server.addr());
    let mut second = Events::open(server.addr());
    assert_eq!(first.next()["version"], 0);
    assert_eq!(second.next()["version"], 0);
    post(server.addr(), r#"{"action":"r"}"#, None);
    post(server.addr(), r#"{"action":"w4"}"#, None);
    for events in [&mut first, &mut second] {
        let rotated = events.next();
        assert_eq!(rotated["version"], 1);
        assert_eq!(rotated["events"][0]["kind"], "rotated");
        let slid = events.next();
        assert_eq!(slid["version"], 2);
        assert_eq!(slid["view"]["phase"], "move");
        assert_eq!(slid["events"][0]["kind"], "slid");
        assert_eq!(slid["events"][0]["at"], "w4");
    }
    drop(first);
    let mut again = Events::open(server.addr());
    let full = again.next();
    assert_eq!(full["version"], 2);
    assert_eq!(full["events"], serde_json::json!([]));
    assert_eq!(full["view"], state(server.addr()));
}

fn seated() -> relic::gui::RunningServer<Game> {
    let options = ServeOptions {
        seats: true,
        ..ServeOptions::default()
    };
    serve(classic_game(), options)
}

#[test]
fn seats_get_unguessable_join_links() {
    let server = seated();
    let links = server.seat_links();
    let names: Vec<_> = links.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(names, ["Green", "Yellow", "Red", "Blue"]);
    for link in links {
        assert_eq!(link.token.len(), 32);
        assert!(link.token.bytes().all(|b| b.is_ascii_hexdigit()));
        assert_eq!(link.url, format!("{}?seat={}", server.url(), link.token));
    }
    let mut tokens: Vec<_> = links.iter().map(|l| &l.token).collect();
    tokens.sort();
    tokens.dedup();
    assert_eq!(tokens.len(), 4);
    let other = seated();
    assert_ne!(other.seat_links()[0].token, links[0].token);
}

#[test]
fn with_seats_a_browser_acts_only_for_its_own_seat() {
    let server = seated();
    let addr = server.addr();
    let tokens: Vec<String> = server
        .seat_links()
        .iter()
        .map(|l| l.token.clone())
        .collect();
    let rotate = r#"{"action":"r"}"#;
    let watcher = post(addr, rotate, None);
    assert_eq!(watcher.status, 403);
    assert_eq!(
        watcher.error(),
        "This page only watches: open a seat's join link to play."
    );
    let yellow = post(addr, rotate, Some(&tokens[1]));
    assert_eq!(
        (yellow.status, yellow.error().as_str()),
        (403, "It is Green's turn, not Yellow's.")
    );
    let forged = post(addr, rotate, Some("00000000000000000000000000000000"));
    assert_eq!(
        (forged.status, forged.error().as_str()),
        (403, "Unknown seat token.")
    );
    let prefix = post(addr, rotate, Some(&tokens[0][..31]));
    assert_eq!(prefix.status, 403);
    assert_eq!(message(addr)["version"], 0);
    assert_eq!(post(addr, rotate, Some(&tokens[0])).status, 200);
    assert_eq!(
        post(addr, r#"{"action":"quit"}"#, Some(&tokens[2])).status,
        403
    );
    assert_eq!(state(addr)["phase"], "slide");
    // Which seat a token plays; watchers still read everything.
    let seat = request(
        addr,
        "GET",
        "/api/seat",
        &[("X-Relic-Token", &tokens[3])],
        b"",
    );
    assert_eq!(seat.json(), serde_json::json!({"mode": "seats", "seat": 3}));
    let watching = request(addr, "GET", "/api/seat", &[], b"");
    assert_eq!(
        watching.json(),
        serde_json::json!({"mode": "seats", "seat": null})
    );
    let bad = request(addr, "GET", "/api/seat", &[("X-Relic-Token", "nope")], b"");
    assert_eq!(bad.status, 403);
    assert_eq!(Events::open(addr).next()["version"], 1);
}

#[test]
fn the_hot_seat_plays_every_seat() {
    let server = hot_seat();
    let addr = server.addr();
    let seat = request(addr, "GET", "/api/seat", &[], b"");
    assert_eq!(
        seat.json(),
        serde_json::json!({"mode": "hot-seat", "seat": null})
    );
    for expected in [0, 1, 2, 3, 0] {
        assert_eq!(state(addr)["current"], expected);
        let slide = state(addr)["slides"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["legal"] == true)
            .unwrap()["at"]
            .clone();
        assert_eq!(
            post(addr, &format!(r#"{{"action":{slide}}}"#), None).status,
            200
        );
        assert_eq!(post(addr, r#"{"action":"done"}"#, None).status, 200);
    }
}

/// A computer that always plays the first legal action.
struct FirstLegal;

impl Computer<Game> for FirstLegal {
    fn choose(&mut self, game: &Game) -> Option<Action> {
        let actions = game.legal_actions();
        let slide = actions.iter().find(|a| matches!(a, Action::Slide(_)));
        slide.or(actions.last()).copied()
    }
}

#[test]
fn computers_play_their_seats_and_people_cannot_act_for_them() {
    let options = ServeOptions {
        seats: true,
        computers: vec![None, Some(Box::new(FirstLegal)), Some(Box::new(FirstLegal))],
        computer_delay: Duration::from_millis(5),
        ..ServeOptions::default()
    };
    let server = serve(classic_game(), options);
    let addr = server.addr();
    let links = server.seat_links();
    let names: Vec<_> = links.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(names, ["Green", "Blue"]);
    let green = links[0].token.clone();
    assert_eq!(post(addr, r#"{"action":"n2"}"#, Some(&green)).status, 200);
    assert_eq!(post(addr, r#"{"action":"done"}"#, Some(&green)).status, 200);
    let deadline = Instant::now() + Duration::from_secs(10);
    while state(addr)["current"] != 3 {
        assert!(Instant::now() < deadline, "the computers did not play");
        std::thread::sleep(Duration::from_millis(10));
    }
    let view = message(addr);
    assert_eq!(view["seats"][1]["computer"], true);
    assert_eq!(view["seats"][3]["computer"], false);
    assert!(
        view["version"].as_u64().unwrap() >= 6,
        "two computer turns of slide + done"
    );
}

#[test]
fn hot_seat_people_cannot_act_for_a_computer() {
    let options = ServeOptions {
        computers: vec![Some(Box::new(FirstLegal))],
        computer_delay: Duration::from_secs(60),
        ..ServeOptions::default()
    };
    let server = serve(classic_game(), options);
    let reply = post(server.addr(), r#"{"action":"r"}"#, None);
    assert_eq!(
        (reply.status, reply.error().as_str()),
        (403, "It is Green's turn, and the computer plays Green.")
    );
}

#[test]
fn every_built_in_ruleset_plays_in_the_browser_server() {
    for (name, _) in relic::rules::BUILTIN_RULESETS {
        let rules = relic::cli::load_rules(Some(&std::path::PathBuf::from(name)))
            .unwrap_or_else(|_| panic!("{name} loads"));
        let gbf = include_str!("../boards/classic-7x7.gbf");
        let board = relic::board::parse_board(gbf, &rules.limits()).expect("the 7x7 board fits");
        let game = Game::new(rules.clone(), &board).expect("the game starts");
        let server = serve(game, ServeOptions::default());
        let view = state(server.addr());
        assert_eq!(
            view["players"].as_array().unwrap().len(),
            rules.seats().len(),
            "{name}"
        );
        assert_eq!(
            view["rules"]["name"],
            rules.ruleset().name.as_str(),
            "{name}"
        );
        assert_eq!(
            view["rules"]["pathfinding"],
            rules.movement().pathfinding,
            "{name}"
        );
        let slide = view["slides"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["legal"] == true);
        let slide = slide.unwrap_or_else(|| panic!("{name}: no legal slide"))["at"].clone();
        let reply = post(server.addr(), &format!(r#"{{"action":{slide}}}"#), None);
        assert_eq!(reply.status, 200, "{name}: {}", reply.body);
        let moved = post(server.addr(), r#"{"action":"1,1"}"#, None);
        let expected = if rules.movement().pathfinding {
            200
        } else {
            422
        };
        assert_eq!(moved.status, expected, "{name}: {}", moved.body);
    }
}

#[test]
fn a_new_game_starts_once_the_game_is_over() {
    let server = hot_seat();
    let addr = server.addr();
    let new_game = r#"{"new_game":true}"#;
    let early = post(addr, new_game, None);
    assert_eq!(
        (early.status, early.error().as_str()),
        (422, "A new game can start once this one is over.")
    );
    post(addr, r#"{"action":"n2"}"#, None);
    let mut events = Events::open(addr);
    assert_eq!(events.next()["version"], 1);
    assert_eq!(post(addr, r#"{"action":"quit"}"#, None).status, 200);
    assert_eq!(events.next()["view"]["status"], "Game has been quit.");
    let reply = post(addr, new_game, None);
    assert_eq!(reply.status, 200, "{}", reply.body);
    let fresh = events.next();
    assert_eq!(fresh["events"][0]["kind"], "new-game");
    assert_eq!(fresh["can_restart"], true);
    assert_eq!(fresh["version"], 3);
    let initial = serve(classic_game(), ServeOptions::default());
    assert_eq!(fresh["view"], state(initial.addr()));
    assert_eq!(server.game(), classic_game());
}

#[test]
fn a_new_game_needs_a_seat_and_a_server_that_outlives_the_game() {
    let server = seated();
    let green = server.seat_links()[0].token.clone();
    assert_eq!(
        post(server.addr(), r#"{"action":"quit"}"#, Some(&green)).status,
        200
    );
    let watcher = post(server.addr(), r#"{"new_game":true}"#, None);
    assert_eq!(watcher.status, 403);
    let red = server.seat_links()[2].token.clone();
    assert_eq!(
        post(server.addr(), r#"{"new_game":true}"#, Some(&red)).status,
        200
    );
    let options = ServeOptions {
        exit_when_over: true,
        ..ServeOptions::default()
    };
    let once = serve(classic_game(), options);
    assert_eq!(state(once.addr())["phase"], "slide");
    assert_eq!(post(once.addr(), r#"{"action":"quit"}"#, None).status, 200);
    let reply = post(once.addr(), r#"{"new_game":true}"#, None);
    assert_eq!(reply.status, 422);
    assert_eq!(
        reply.error(),
        "This server ends with the game: start relic again for a new one."
    );
    assert_eq!(
        request(once.addr(), "GET", "/api/state", &[], b"").json()["can_restart"],
        false
    );
}

/// Green (a person) plays `rounds` turns of the first legal slide and
/// `done` through the API; the server plays the bots' seats in between.
/// Returns the game as it stands after the bots' last turns.
fn play_against_bots(seed: u64, rounds: usize) -> Game {
    use relic::games::moving_maze::bots::BotKind;
    let bots = [
        None,
        Some(BotKind::Greedy),
        Some(BotKind::Random),
        Some(BotKind::Search { nodes: 300 }),
    ];
    let options = ServeOptions {
        computers: maze_computers(&bots, seed),
        computer_delay: Duration::from_millis(1),
        ..ServeOptions::default()
    };
    let server = serve(classic_game(), options);
    let addr = server.addr();
    for round in 0..rounds {
        wait_for_a_person(addr);
        let game = server.game();
        if game.is_over() {
            break;
        }
        assert_eq!(game.turn() as usize, round * 4, "the bots play whole turns");
        let slide = game.legal_slides().next().expect("a legal slide");
        let body = format!(r#"{{"action":"{slide}"}}"#);
        assert_eq!(post(addr, &body, None).status, 200);
        assert_eq!(post(addr, r#"{"action":"done"}"#, None).status, 200);
    }
    wait_for_a_person(addr);
    let view = message(addr);
    assert_eq!(view["seats"][1]["computer"], true);
    assert_eq!(view["seats"][0]["computer"], false);
    server.game()
}

/// Waits until it is Green's turn again or the game is over.
fn wait_for_a_person(addr: std::net::SocketAddr) {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let view = state(addr);
        if view["current"] == 0 || view["phase"] == "over" {
            return;
        }
        assert!(Instant::now() < deadline, "the bots did not play");
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn bot_specs_play_their_seats_against_a_person_and_replay_per_seed() {
    let first = play_against_bots(11, 3);
    assert!(
        first.turn() >= 12 || first.is_over(),
        "three rounds were played"
    );
    assert_eq!(
        first,
        play_against_bots(11, 3),
        "the same seed plays the same game"
    );
}

#[test]
fn a_turn_agent_computer_plays_the_strategys_turn_one_action_at_a_time() {
    use relic::bots::seeded_rng;
    use relic::games::moving_maze::bots::BotKind;
    let mut game = classic_game();
    let mut computers = maze_computers(&[Some(BotKind::Random); 4], 3);
    let mut rng = seeded_rng(3);
    for (seat, computer) in computers.iter_mut().enumerate() {
        let planned = BotKind::Random.strategy().choose_turn(&game, &mut rng);
        let computer = computer.as_mut().unwrap();
        let mut played = Vec::new();
        while game.current_seat() == seat && !game.is_over() {
            let action = computer.choose(&game).unwrap();
            game.apply(action).unwrap();
            played.push(action);
        }
        assert_eq!(played, planned, "seat {seat}");
    }
}

fn assert_security_headers(reply: &Reply) {
    for name in [
        "x-content-type-options",
        "x-frame-options",
        "referrer-policy",
        "content-security-policy",
    ] {
        assert!(reply.header(name).is_some(), "{name}: {}", reply.head);
    }
}

#[test]
fn every_refusal_is_json_with_the_security_headers() {
    let server = hot_seat();
    let port = server.addr().port();
    let evil = format!("evil.example:{port}");
    let json = ("Content-Type", "application/json");
    let big = vec![b' '; MAX_BODY_BYTES + 1];
    let refusals = [
        (
            request(server.addr(), "GET", "/", &[("Host", &evil)], b""),
            403,
        ),
        (request(server.addr(), "GET", "/api/action", &[], b""), 405),
        (
            request(server.addr(), "DELETE", "/api/state", &[], b""),
            405,
        ),
        (
            request(server.addr(), "POST", "/api/action", &[json], &big),
            413,
        ),
        (
            request(server.addr(), "POST", "/api/action", &[], b"{}"),
            415,
        ),
        (request(server.addr(), "GET", "/nothing", &[], b""), 404),
        (post(server.addr(), "{", None), 400),
    ];
    for (reply, status) in refusals {
        assert_eq!(reply.status, status, "{}", reply.head);
        assert!(
            reply
                .header("content-type")
                .unwrap()
                .starts_with("application/json"),
            "{}",
            reply.head
        );
        assert!(!reply.error().is_empty(), "{status}: {}", reply.body);
        assert_security_headers(&reply);
    }
}

#[test]
fn two_host_headers_get_400() {
    let server = hot_seat();
    let own = server.addr().to_string();
    for second in [own.as_str(), "evil.example"] {
        let reply = request(
            server.addr(),
            "GET",
            "/api/state",
            &[("Host", &own), ("Host", second)],
            b"",
        );
        assert_eq!(reply.status, 400, "{second}");
        assert_eq!(reply.error(), "A request names one Host, not several.");
        assert_security_headers(&reply);
    }
}

/// Opens a connection that sends the start of a request and never ends
/// its headers.
fn slow_client(addr: std::net::SocketAddr) -> std::net::TcpStream {
    use std::io::Write;
    let mut stream = std::net::TcpStream::connect(addr).expect("the server accepts");
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    stream
        .write_all(format!("GET / HTTP/1.1\r\nHost: {addr}\r\nX-Slow: ").as_bytes())
        .unwrap();
    stream
}

/// Whether the server closed `stream` (it reads end of file or a reset),
/// and how long that took.
fn closed_after(stream: &mut std::net::TcpStream) -> (bool, Duration) {
    use std::io::Read;
    let started = Instant::now();
    let mut buffer = [0u8; 512];
    let closed = loop {
        match stream.read(&mut buffer) {
            Ok(0) => break true,
            Ok(_) => continue,
            Err(error) => break error.kind() != std::io::ErrorKind::WouldBlock,
        }
    };
    (closed, started.elapsed())
}

#[test]
fn slow_headers_time_out_and_connections_are_capped() {
    let options = ServeOptions {
        max_connections: 4,
        header_timeout: Duration::from_millis(800),
        ..ServeOptions::default()
    };
    let server = serve(classic_game(), options);
    let mut slow: Vec<_> = (0..4).map(|_| slow_client(server.addr())).collect();
    std::thread::sleep(Duration::from_millis(100));
    // A fifth connection is over the cap and closed at once.
    let mut fifth = slow_client(server.addr());
    let (closed, took) = closed_after(&mut fifth);
    assert!(closed && took < Duration::from_millis(700), "{took:?}");
    // The slow ones are closed once their headers are late.
    for stream in &mut slow {
        let (closed, took) = closed_after(stream);
        assert!(closed && took < Duration::from_secs(5), "{took:?}");
    }
    // Then the server answers again.
    assert_eq!(message(server.addr())["version"], 0);
}
