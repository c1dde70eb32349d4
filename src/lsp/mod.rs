//! `relic lsp`: a language server over standard input and output
//! (synchronous, the `lsp-server` crate) for ruleset files of every game
//! (`*.toml`), Moving Maze boards (`*.gbf`), Escape configurations
//! (`*.egc`), FEN positions (`*.fen`, as chess setups), Boulder Dash caves
//! (`*.board`) and Maze Runner level files (`*.levels`, `*.level`,
//! `*.txt`): diagnostics as
//! the author types (the same as `relic rules
//! check` and `relic check`); for rulesets hover, completion, go to
//! definition (across `extends`), formatting (`relic fmt`'s layout) and
//! quick fixes for "did you mean", and inside a core ruleset's rules
//! strings hover, completion and definition of the names ([`core`]); for
//! setup files hover and completion
//! against the format's built-in ruleset ([`setup`]).

pub mod complete;
pub mod core;
pub mod diagnose;
pub mod egc;
pub mod fen;
pub mod grids;
pub mod lookup;
mod requests;
pub mod setup;
mod setup_words;
pub mod text;

use std::collections::HashMap;

use lsp_server::{Connection, Message, Notification};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, Notification as _,
    PublishDiagnostics,
};
use lsp_types::{
    CodeActionProviderCapability, CompletionOptions, HoverProviderCapability, OneOf,
    PublishDiagnosticsParams, ServerCapabilities, TextDocumentSyncCapability, TextDocumentSyncKind,
    Uri,
};

/// The open documents: their text by URI (as written).
pub type Documents = HashMap<String, String>;

/// What the server can do, as `initialize` answers.
pub fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::FULL)),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec!["=".into(), "\"".into(), "[".into()]),
            ..CompletionOptions::default()
        }),
        definition_provider: Some(OneOf::Left(true)),
        document_formatting_provider: Some(OneOf::Left(true)),
        code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
        ..ServerCapabilities::default()
    }
}

/// Serves one client on standard input and output until it says `exit`
/// (or closes the stream).
pub fn run_stdio() -> Result<(), String> {
    let (connection, threads) = Connection::stdio();
    serve(&connection)?;
    drop(connection);
    threads.join().map_err(|e| e.to_string())
}

/// Serves one client on `connection`: the `initialize` handshake, then
/// every request and notification until `shutdown`.
pub fn serve(connection: &Connection) -> Result<(), String> {
    let caps = serde_json::to_value(capabilities()).map_err(|e| e.to_string())?;
    connection.initialize(caps).map_err(|e| e.to_string())?;
    let mut documents = Documents::new();
    for message in &connection.receiver {
        match message {
            Message::Request(request) => {
                if connection
                    .handle_shutdown(&request)
                    .map_err(|e| e.to_string())?
                {
                    return Ok(());
                }
                let response = requests::answer(&documents, request);
                send(connection, Message::Response(response))?;
            }
            Message::Notification(notification) => {
                if let Some(uri) = update(&mut documents, notification) {
                    publish(connection, &documents, uri)?;
                }
            }
            Message::Response(_) => {}
        }
    }
    Ok(())
}

/// Applies a document notification; the URI whose diagnostics change.
fn update(documents: &mut Documents, notification: Notification) -> Option<Uri> {
    match notification.method.as_str() {
        DidOpenTextDocument::METHOD => {
            let params: lsp_types::DidOpenTextDocumentParams =
                notification.extract(DidOpenTextDocument::METHOD).ok()?;
            let document = params.text_document;
            documents.insert(document.uri.as_str().to_owned(), document.text);
            Some(document.uri)
        }
        DidChangeTextDocument::METHOD => {
            let params: lsp_types::DidChangeTextDocumentParams =
                notification.extract(DidChangeTextDocument::METHOD).ok()?;
            let text = params.content_changes.into_iter().last()?.text;
            documents.insert(params.text_document.uri.as_str().to_owned(), text);
            Some(params.text_document.uri)
        }
        DidCloseTextDocument::METHOD => {
            let params: lsp_types::DidCloseTextDocumentParams =
                notification.extract(DidCloseTextDocument::METHOD).ok()?;
            documents.remove(params.text_document.uri.as_str());
            Some(params.text_document.uri)
        }
        _ => None,
    }
}

/// Sends the diagnostics of `uri` (none once it is closed).
fn publish(connection: &Connection, documents: &Documents, uri: Uri) -> Result<(), String> {
    let found = match (documents.get(uri.as_str()), text::path_of(&uri)) {
        (Some(text), Some(path)) => diagnose::diagnostics(&path, text),
        _ => Vec::new(),
    };
    let params = PublishDiagnosticsParams::new(uri, found, None);
    send(
        connection,
        Message::Notification(Notification::new(PublishDiagnostics::METHOD.into(), params)),
    )
}

fn send(connection: &Connection, message: Message) -> Result<(), String> {
    connection.sender.send(message).map_err(|e| e.to_string())
}
