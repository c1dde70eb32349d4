//! The routes and the guard in front of them.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Query, Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use futures_util::Stream;
use serde::Deserialize;
use serde_json::json;
use tokio::sync::broadcast;

use super::message::Audience;
use super::request::{Request as PageRequest, parse_request};
use super::server::{
    MAX_BODY_BYTES, Refusal, Seating, Shared, TOKEN_HEADER, error_response, forbidden,
    json_response, no_store,
};
use super::{PAGE_CSS, PAGE_HTML, PAGE_JS};
use crate::contract::BrowserView;

/// The router with every route and guard.
pub(super) fn router<G: BrowserView>(shared: Arc<Shared<G>>) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/app.js", get(script))
        .route("/style.css", get(style))
        .route("/api/state", get(state::<G>))
        .route("/api/seat", get(seat::<G>))
        .route("/api/events", get(events::<G>))
        .route("/api/action", post(action::<G>))
        .route("/api/rules", get(rules::<G>))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(middleware::from_fn_with_state(shared.clone(), guard::<G>))
        .with_state(shared)
}

/// Refuses requests for other hosts (DNS rebinding), with more than one
/// `Host`, and cross-site or non-JSON posts; answers every error as
/// `{"error": ...}` JSON; adds the security headers to every answer.
async fn guard<G: BrowserView>(
    State(shared): State<Arc<Shared<G>>>,
    request: Request,
    next: Next,
) -> Response {
    let mut response = match refusal(&shared, &request) {
        Some(refusal) => error_response(refusal),
        None => json_errors(next.run(request).await),
    };
    let headers = response.headers_mut();
    for (name, value) in [
        ("x-content-type-options", "nosniff"),
        ("x-frame-options", "DENY"),
        ("referrer-policy", "no-referrer"),
        (
            "content-security-policy",
            "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'",
        ),
    ] {
        headers.insert(name, HeaderValue::from_static(value));
    }
    response
}

/// Why `request` is refused before it reaches its route, if it is.
fn refusal<G: BrowserView>(shared: &Shared<G>, request: &Request) -> Option<Refusal> {
    let headers = request.headers();
    let mut hosts = headers.get_all(header::HOST).iter();
    let (host, second) = (hosts.next(), hosts.next());
    if second.is_some() {
        let message = "A request names one Host, not several.";
        return Some((StatusCode::BAD_REQUEST, message.to_string()));
    }
    let host = host.and_then(|h| h.to_str().ok()).unwrap_or_default();
    if !shared.hosts.allows(host) {
        return Some(forbidden(
            "This server does not answer to that host name (DNS rebinding protection).",
        ));
    }
    if request.method() != Method::POST {
        return None;
    }
    if let Some(origin) = headers.get(header::ORIGIN)
        && !origin
            .to_str()
            .is_ok_and(|o| shared.hosts.is_same_origin(o, host))
    {
        return Some(forbidden("Requests from other sites are refused."));
    }
    let json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|c| c.to_str().ok())
        .is_some_and(|c| {
            c.trim()
                .to_ascii_lowercase()
                .starts_with("application/json")
        });
    (!json).then(|| {
        let message = "Send the action as application/json.";
        (StatusCode::UNSUPPORTED_MEDIA_TYPE, message.to_string())
    })
}

/// Errors that the routes' own machinery answers (a wrong method, a body
/// over the size limit) become the documented `{"error": ...}` JSON.
fn json_errors(response: Response) -> Response {
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|c| c.as_bytes().starts_with(b"application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    let message = match status {
        StatusCode::METHOD_NOT_ALLOWED => "That method is not allowed here.".to_string(),
        StatusCode::PAYLOAD_TOO_LARGE => {
            format!("The request body is over {MAX_BODY_BYTES} bytes.")
        }
        other => other
            .canonical_reason()
            .map_or_else(|| other.to_string(), |r| format!("{r}.")),
    };
    let mut answer = error_response((status, message));
    if let Some(allow) = response.headers().get(header::ALLOW) {
        answer.headers_mut().insert(header::ALLOW, allow.clone());
    }
    answer
}

async fn index() -> Response {
    asset("text/html; charset=utf-8", PAGE_HTML)
}

/// The rules in words (Markdown, as `relic rules explain` prints them).
async fn rules<G: BrowserView>(State(shared): State<Arc<Shared<G>>>) -> Response {
    match &shared.rules_text {
        Some(text) => {
            let mut response = text.clone().into_response();
            let kind = HeaderValue::from_static("text/markdown; charset=utf-8");
            response.headers_mut().insert(header::CONTENT_TYPE, kind);
            response
        }
        // No text is not an error: the page then shows no panel.
        None => StatusCode::NO_CONTENT.into_response(),
    }
}

async fn script() -> Response {
    asset("text/javascript; charset=utf-8", PAGE_JS)
}

async fn style() -> Response {
    asset("text/css; charset=utf-8", PAGE_CSS)
}

fn asset(content_type: &'static str, body: &'static str) -> Response {
    let mut response = ([(header::CONTENT_TYPE, content_type)], body).into_response();
    no_store(&mut response);
    response
}

async fn not_found() -> Response {
    error_response((StatusCode::NOT_FOUND, "No such page.".to_string()))
}

/// The state as the holder of the request's token sees it.
async fn state<G: BrowserView>(
    State(shared): State<Arc<Shared<G>>>,
    headers: HeaderMap,
) -> Response {
    let audience = match shared.audience(token_of(&headers)) {
        Ok(audience) => audience,
        Err(refusal) => return error_response(refusal),
    };
    let table = shared.lock();
    json_response(shared.message_now(&table, audience, &[]))
}

/// Which seat the token in the request plays.
async fn seat<G: BrowserView>(
    State(shared): State<Arc<Shared<G>>>,
    headers: HeaderMap,
) -> Response {
    let body = match (&shared.seating, shared.seat_of(token_of(&headers))) {
        (_, Err(refusal)) => return error_response(refusal),
        (Seating::HotSeat, Ok(_)) => json!({ "mode": "hot-seat", "seat": null }),
        (Seating::Tokens(_), Ok(seat)) => json!({ "mode": "seats", "seat": seat }),
    };
    json_response(body.to_string())
}

fn token_of(headers: &HeaderMap) -> Option<&str> {
    headers
        .get(TOKEN_HEADER)
        .and_then(|t| t.to_str().ok())
        .filter(|t| !t.is_empty())
}

async fn action<G: BrowserView>(
    State(shared): State<Arc<Shared<G>>>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let request = match parse_request(&body) {
        Ok(request) => request,
        Err(message) => return error_response((StatusCode::BAD_REQUEST, message)),
    };
    let token = token_of(&headers);
    let result = shared.audience(token).and_then(|audience| {
        let mut table = shared.lock();
        let update = match request {
            PageRequest::Undo => shared.undo(&mut table, audience)?,
            PageRequest::Play(text) => {
                shared.authorise(&table, token)?;
                shared.play(&mut table, &text)?
            }
            PageRequest::NewGame => {
                shared.authorise(&table, token)?;
                shared.restart(&mut table)?
            }
        };
        Ok(update.message_for(audience))
    });
    match result {
        Ok(message) => {
            super::autoplay::wake(&shared);
            json_response(message.to_string())
        }
        Err(refusal) => error_response(refusal),
    }
}

/// The query of the event stream: the seat token (an `EventSource`
/// cannot send headers).
#[derive(Deserialize)]
struct EventsQuery {
    seat: Option<String>,
}

/// The event stream: the full state first, then every change, each as the
/// holder of the `seat` token sees it.
async fn events<G: BrowserView>(
    State(shared): State<Arc<Shared<G>>>,
    Query(query): Query<EventsQuery>,
) -> Response {
    let token = query.seat.as_deref().filter(|t| !t.is_empty());
    let audience = match shared.audience(token) {
        Ok(audience) => audience,
        Err(refusal) => return error_response(refusal),
    };
    stream(shared, audience).into_response()
}

fn stream<G: BrowserView>(
    shared: Arc<Shared<G>>,
    audience: Audience,
) -> Sse<impl Stream<Item = Result<SseEvent, Infallible>>> {
    let (first, receiver) = {
        let table = shared.lock();
        let first = shared.message_now(&table, audience, &[]);
        (first, shared.updates.subscribe())
    };
    let stream = futures_util::stream::unfold(
        (Some(first), receiver, shared),
        move |(first, mut receiver, shared)| async move {
            let data = match first {
                Some(first) => first,
                None => match receiver.recv().await {
                    Ok(update) => update.message_for(audience).to_string(),
                    Err(broadcast::error::RecvError::Lagged(_)) => {
                        shared.message_now(&shared.lock(), audience, &[])
                    }
                    Err(broadcast::error::RecvError::Closed) => return None,
                },
            };
            let event = SseEvent::default().event("state").data(data);
            Some((Ok(event), (None, receiver, shared)))
        },
    );
    Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
}
