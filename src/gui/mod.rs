//! GUI mode: any game in the browser, written once against
//! [`crate::contract`]. The binary serves one page (HTML, CSS, JavaScript
//! and SVG embedded with `include_str!`): a shell that works for every game
//! (seats, turn, event log, errors, join links) and a renderer chosen by
//! the game's [`BrowserView`] (Moving Maze's own, or the generic
//! cell-and-layer grid that new games use without new JavaScript). Pages
//! post actions in the game's one notation; the server reads them with
//! [`Game::parse_action`], the game judges them, and every change is pushed
//! to every open page with Server-Sent Events, each page seeing the view
//! of its own seat.
//!
//! ```no_run
//! use relic::games::moving_maze::board::parse_board;
//! use relic::games::moving_maze::engine::Game;
//! use relic::gui::{ServeOptions, start};
//! use relic::rules::Rules;
//!
//! let rules = Rules::standard();
//! let gbf = include_str!("../../boards/classic-7x7.gbf");
//! let game = Game::new(rules.clone(), &parse_board(gbf, &rules.limits()).unwrap()).unwrap();
//! let server = start(game, ServeOptions::default()).unwrap();
//! println!("{}", server.url());
//! server.wait();
//! ```

mod autoplay;
mod computers;
mod listen;
mod message;
mod playground;
mod problems;
mod request;
mod routes;
mod security;
mod server;
mod undo;

use std::io;
use std::net::{IpAddr, SocketAddr, TcpListener, ToSocketAddrs};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use tokio::sync::{broadcast, oneshot, watch};

pub use crate::contract::status_json;
pub use computers::{AgentComputer, Computer, Computers, agent_computers};
pub use listen::{HEADER_TIMEOUT, MAX_CONNECTIONS};
pub use playground::{PLAYGROUND_FILES, RunningPlayground, start_playground};
pub use request::{Request, parse_request};
pub use security::{AllowedHosts, constant_time_eq, new_token};
pub use server::{MAX_BODY_BYTES, OnChange, TOKEN_HEADER};

use crate::contract::take_back::replay_movers;
use crate::contract::{BrowserView, Game, Seat};
use server::{Seating, Shared, Table};

/// The page.
pub const PAGE_HTML: &str = include_str!("page/index.html");
/// The page's script: the shell, then every renderer, then the start.
pub const PAGE_JS: &str = concat!(
    include_str!("page/shell.js"),
    include_str!("page/moving-maze.js"),
    include_str!("page/pieces.js"),
    include_str!("page/grid.js"),
    include_str!("page/journey.js"),
    "start();\n"
);
/// The page's style sheet.
pub const PAGE_CSS: &str = include_str!("page/style.css");

/// How to serve a game.
pub struct ServeOptions<G: Game> {
    /// The address or name to bind to (`127.0.0.1` by default).
    pub host: String,
    /// The port; 0 picks a free one.
    pub port: u16,
    /// One join link per seat instead of one browser for every seat.
    pub seats: bool,
    /// Computer players by seat (`None`: a person plays that seat).
    pub computers: Computers<G>,
    /// The pause before each computer action.
    pub computer_delay: Duration,
    /// Stop serving shortly after the game ends (`relic play gui`).
    pub exit_when_over: bool,
    /// Print on stdout the events a game marks for the console (Stacked
    /// Tic-Tac-Toe's `Invalid move`), as its text mode would.
    pub console: bool,
    /// The most connections served at once.
    pub max_connections: usize,
    /// How long a client may take to send a request's headers.
    pub header_timeout: Duration,
    /// Called with the actions played on the server (never `quit`; since
    /// the last new game, if any) after every accepted action and new
    /// game, before any page hears of it: `relic play gui --save` saves
    /// the game here.
    pub on_change: Option<OnChange<G>>,
    /// The rules in words (`relic rules explain`), served at `/api/rules`
    /// for the page's "Rules of this game" panel; `None`: the route
    /// answers 204 (no content) and the page shows no panel.
    pub rules_text: Option<String>,
    /// Actions already played from the game given to [`start`] (a loaded
    /// save's): the server plays them first and keeps them as its own,
    /// so that undo reaches back into them, `on_change` and
    /// [`RunningServer::wait_with_actions`] include them, and a new game
    /// starts before them. One the game refuses stops the server from
    /// starting.
    pub history: Vec<G::Action>,
}

impl<G: Game> Default for ServeOptions<G> {
    fn default() -> ServeOptions<G> {
        ServeOptions {
            host: "127.0.0.1".to_string(),
            port: 0,
            seats: false,
            computers: Vec::new(),
            computer_delay: Duration::from_millis(700),
            exit_when_over: false,
            console: false,
            max_connections: MAX_CONNECTIONS,
            header_timeout: HEADER_TIMEOUT,
            on_change: None,
            rules_text: None,
            history: Vec::new(),
        }
    }
}

/// A join link for one seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatLink {
    /// The seat's display name.
    pub name: String,
    /// The URL that plays this seat.
    pub url: String,
    /// The seat's token (also in the URL).
    pub token: String,
}

/// A server running on its own thread. Dropping it stops it.
pub struct RunningServer<G: Game> {
    addr: SocketAddr,
    url: String,
    links: Vec<SeatLink>,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
    shared: Arc<Shared<G>>,
}

impl<G: BrowserView> RunningServer<G> {
    /// The address the server listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The page's URL (for watching, when seats have join links).
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The join links, one per human seat, when serving with seats.
    pub fn seat_links(&self) -> &[SeatLink] {
        &self.links
    }

    /// A copy of the game as it stands.
    pub fn game(&self) -> G {
        self.shared.lock().game.clone()
    }

    /// Blocks until the server stops (with `exit_when_over`, shortly after
    /// the game ends; otherwise when the process is interrupted), and
    /// returns the game as it ended.
    pub fn wait(self) -> G {
        self.wait_with_actions().0
    }

    /// Like [`RunningServer::wait`], also returning the actions played on
    /// the server (never a resignation; since the last new game, if any),
    /// for a record of the game.
    pub fn wait_with_actions(mut self) -> (G, Vec<G::Action>) {
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
        let table = self.shared.lock();
        (table.game.clone(), table.played.clone())
    }
}

impl<G: Game> Drop for RunningServer<G> {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Binds the listening socket and serves `game` on a thread of its own.
pub fn start<G: BrowserView>(game: G, options: ServeOptions<G>) -> io::Result<RunningServer<G>> {
    let listener = bind(&options.host, options.port)?;
    let addr = listener.local_addr()?;
    let host = url_host(&options.host, addr.ip());
    let url = format!("http://{host}:{}/", addr.port());
    let exit_when_over = options.exit_when_over;
    let limits = (options.max_connections, options.header_timeout);
    let (shared, links, over) = share(game, options, addr, &url)?;
    let (stop, stop_rx) = oneshot::channel();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let app = routes::router(shared.clone());
    let serving = shared.clone();
    let thread = std::thread::Builder::new()
        .name("relic-gui".to_string())
        .spawn(move || {
            let serving = serve(
                listener,
                app,
                serving,
                stop_rx,
                over,
                exit_when_over,
                limits,
            );
            runtime.block_on(serving);
        })?;
    Ok(RunningServer {
        addr,
        url,
        links,
        stop: Some(stop),
        thread: Some(thread),
        shared,
    })
}

/// The state every request shares, the seats' join links, and a receiver
/// that learns when the game is over.
type Shares<G> = (Arc<Shared<G>>, Vec<SeatLink>, watch::Receiver<bool>);

fn share<G: BrowserView>(
    game: G,
    mut options: ServeOptions<G>,
    addr: SocketAddr,
    url: &str,
) -> io::Result<Shares<G>> {
    options.computers.resize_with(game.seat_count(), || None);
    let (seating, links) = seating(&game, &options, url)?;
    let initial = game.clone();
    let played = std::mem::take(&mut options.history);
    let (game, movers) = replay(game, &played)?;
    let (over, over_rx) = watch::channel(game.status().is_over());
    let shared = Arc::new(Shared {
        table: Mutex::new(Table {
            initial,
            game,
            version: 0,
            played,
            movers,
            computers: options.computers,
            computers_running: false,
            on_change: options.on_change,
        }),
        hosts: AllowedHosts::new(&options.host, addr.port()),
        seating,
        updates: broadcast::channel(64).0,
        over,
        computer_delay: options.computer_delay,
        can_restart: !options.exit_when_over,
        console: options.console,
        rules_text: options.rules_text,
    });
    Ok((shared, links, over_rx))
}

/// `game` after `history`, and the seat that played each action; an
/// error when the game refuses one.
fn replay<G: Game>(game: G, history: &[G::Action]) -> io::Result<(G, Vec<Seat>)> {
    let (game, movers) = replay_movers(game, history);
    if movers.len() < history.len() {
        let message = format!(
            "the history's action {} is not legal there",
            movers.len() + 1
        );
        return Err(io::Error::new(io::ErrorKind::InvalidInput, message));
    }
    Ok((game, movers))
}

async fn serve<G: BrowserView>(
    listener: TcpListener,
    app: axum::Router,
    shared: Arc<Shared<G>>,
    stop: oneshot::Receiver<()>,
    mut over: watch::Receiver<bool>,
    exit_when_over: bool,
    (max_connections, header_timeout): (usize, Duration),
) {
    let listener = match tokio::net::TcpListener::from_std(listener) {
        Ok(listener) => listener,
        Err(error) => {
            problems::eprint(&problems::ServerProblem::CannotServe {
                reason: error.to_string(),
            });
            return;
        }
    };
    autoplay::wake(&shared);
    let game_over = async {
        if !exit_when_over || over.wait_for(|&over| over).await.is_err() {
            std::future::pending::<()>().await;
        }
        // Let the pages receive the final state before the server goes.
        tokio::time::sleep(Duration::from_millis(1500)).await;
    };
    tokio::select! {
        () = listen::accept_loop(listener, app, max_connections, header_timeout) => {}
        _ = stop => {}
        () = game_over => {}
    }
}

fn bind(host: &str, port: u16) -> io::Result<TcpListener> {
    let addrs: Vec<SocketAddr> = (host, port).to_socket_addrs()?.collect();
    let listener = TcpListener::bind(&addrs[..])?;
    listener.set_nonblocking(true)?;
    Ok(listener)
}

/// How the URL names the server: an unspecified address (`0.0.0.0`) is
/// reached as this machine.
fn url_host(host: &str, ip: IpAddr) -> String {
    match ip {
        ip if ip.is_unspecified() => "127.0.0.1".to_string(),
        IpAddr::V6(v6) if host.parse::<IpAddr>().is_ok() => format!("[{v6}]"),
        IpAddr::V4(v4) if host.parse::<IpAddr>().is_ok() => v4.to_string(),
        _ => host.to_string(),
    }
}

fn seating<G: Game>(
    game: &G,
    options: &ServeOptions<G>,
    url: &str,
) -> io::Result<(Seating, Vec<SeatLink>)> {
    if !options.seats {
        return Ok((Seating::HotSeat, Vec::new()));
    }
    let mut tokens = Vec::new();
    let mut links = Vec::new();
    for (seat, computer) in options.computers.iter().enumerate() {
        if computer.is_some() {
            tokens.push(None);
            continue;
        }
        let token = new_token().map_err(|e| io::Error::other(e.to_string()))?;
        links.push(SeatLink {
            name: game.seat_name(seat),
            url: format!("{url}?seat={token}"),
            token: token.clone(),
        });
        tokens.push(Some(token));
    }
    Ok((Seating::Tokens(tokens), links))
}
