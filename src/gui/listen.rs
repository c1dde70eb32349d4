//! Accepting connections: at most a cap at once ([`MAX_CONNECTIONS`] by
//! default), and a connection that does not finish its request headers in
//! time ([`HEADER_TIMEOUT`] by default) is closed, so slow or idle clients
//! cannot hold the server.

use std::sync::Arc;
use std::time::Duration;

use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

/// The most connections served at once by default (open pages hold one
/// each for their event stream); connections beyond it are closed at once.
pub const MAX_CONNECTIONS: usize = 128;

/// How long a client may take by default to send a request's headers, and
/// how long a kept-alive connection may sit idle before its next request.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// Serves `app` on every connection `listener` accepts, at most
/// `max_connections` at once, until the future is dropped.
pub(super) async fn accept_loop(
    listener: TcpListener,
    app: axum::Router,
    max_connections: usize,
    header_timeout: Duration,
) {
    let permits = Arc::new(Semaphore::new(max_connections));
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            // Out of file descriptors and the like: wait, then go on.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let Ok(permit) = permits.clone().try_acquire_owned() else {
            drop(stream);
            continue;
        };
        let service = TowerToHyperService::new(app.clone());
        tokio::spawn(async move {
            let connection = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(header_timeout)
                .serve_connection(TokioIo::new(stream), service);
            let _ = connection.await;
            drop(permit);
        });
    }
}
