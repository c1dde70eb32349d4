//! `relic serve --playground`: the browser playground's static files
//! (`playground/dist/`, built by `playground/build.sh` and committed),
//! embedded in the binary and served as they are; the page runs the
//! engine itself (WebAssembly), so the server only hands out files. The
//! same files work on any static host.

use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use std::thread::JoinHandle;

use axum::Router;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use tokio::sync::oneshot;

use super::security::AllowedHosts;
use super::{HEADER_TIMEOUT, MAX_CONNECTIONS, bind, url_host};

macro_rules! dist {
    ($($path:literal => $kind:literal),* $(,)?) => {
        &[$(($path, $kind, include_bytes!(concat!("../../playground/dist/", $path)) as &[u8])),*]
    };
}

/// Every file of the playground: its path, its media type, its bytes.
pub const PLAYGROUND_FILES: &[(&str, &str, &[u8])] = dist![
    "index.html" => "text/html; charset=utf-8",
    "playground.js" => "text/javascript; charset=utf-8",
    "playground.css" => "text/css; charset=utf-8",
    "editor.js" => "text/javascript; charset=utf-8",
    "shell.js" => "text/javascript; charset=utf-8",
    "moving-maze.js" => "text/javascript; charset=utf-8",
    "pieces.js" => "text/javascript; charset=utf-8",
    "grid.js" => "text/javascript; charset=utf-8",
    "journey.js" => "text/javascript; charset=utf-8",
    "style.css" => "text/css; charset=utf-8",
    "pkg/relic_playground.js" => "text/javascript; charset=utf-8",
    "pkg/relic_playground_bg.wasm" => "application/wasm",
];

/// The playground served on its own thread. Dropping it stops it.
pub struct RunningPlayground {
    addr: SocketAddr,
    url: String,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl RunningPlayground {
    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The page's URL.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Blocks until the process is interrupted.
    pub fn wait(mut self) {
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for RunningPlayground {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Binds `host:port` (0: a free port) and serves the playground there.
pub fn start_playground(host: &str, port: u16) -> io::Result<RunningPlayground> {
    let listener = bind(host, port)?;
    let addr = listener.local_addr()?;
    let url = format!("http://{}:{}/", url_host(host, addr.ip()), addr.port());
    let hosts = Arc::new(AllowedHosts::new(host, addr.port()));
    let app = Router::new()
        .fallback(file)
        .layer(middleware::from_fn_with_state(hosts, guard));
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let (stop, stop_rx) = oneshot::channel::<()>();
    let thread = std::thread::Builder::new()
        .name("relic-playground".to_string())
        .spawn(move || {
            runtime.block_on(async move {
                let Ok(listener) = tokio::net::TcpListener::from_std(listener) else {
                    return;
                };
                let serving =
                    super::listen::accept_loop(listener, app, MAX_CONNECTIONS, HEADER_TIMEOUT);
                tokio::select! {
                    () = serving => {}
                    _ = stop_rx => {}
                }
            });
        })?;
    Ok(RunningPlayground {
        addr,
        url,
        stop: Some(stop),
        thread: Some(thread),
    })
}

/// Refuses requests for other hosts (DNS rebinding), as the game server
/// does, and says that answers are not to be sniffed.
async fn guard(State(hosts): State<Arc<AllowedHosts>>, request: Request, next: Next) -> Response {
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok());
    let mut response = match host.is_some_and(|h| hosts.allows(h)) {
        true => next.run(request).await,
        false => (
            StatusCode::FORBIDDEN,
            "This server answers only its own host names.\n",
        )
            .into_response(),
    };
    (response.headers_mut()).insert(
        "x-content-type-options",
        HeaderValue::from_static("nosniff"),
    );
    response
}

/// The file a path names (`/` is the page), or 404.
async fn file(request: Request) -> Response {
    let path = request.uri().path().trim_start_matches('/');
    let path = if path.is_empty() { "index.html" } else { path };
    match PLAYGROUND_FILES.iter().find(|(name, _, _)| *name == path) {
        Some((_, kind, bytes)) => ([(header::CONTENT_TYPE, *kind)], *bytes).into_response(),
        None => (StatusCode::NOT_FOUND, "No such file in the playground.\n").into_response(),
    }
}
