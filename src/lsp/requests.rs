//! The server's answers to requests: hover, completion, definition,
//! formatting and code actions, each over the open documents.

use std::collections::HashMap;

use lsp_server::{ErrorCode, Request, Response};
use lsp_types::request::{
    CodeActionRequest, Completion, Formatting, GotoDefinition, HoverRequest, Request as _,
};
use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CodeActionParams, CompletionItem,
    CompletionItemKind, CompletionParams, DocumentFormattingParams, Documentation,
    GotoDefinitionParams, Hover, HoverContents, HoverParams, Location, MarkupContent, MarkupKind,
    TextEdit, Uri, WorkspaceEdit,
};
use serde_json::Value;

use super::Documents;
use super::diagnose::Kind;
use super::text::{offset_of, path_of, range_of, uri_of};

/// The answer to `request` (an error for a method the server has not).
pub(super) fn answer(documents: &Documents, request: Request) -> Response {
    let id = request.id.clone();
    let result = match request.method.as_str() {
        HoverRequest::METHOD => params(request).map(|p| to_value(hover(documents, p))),
        Completion::METHOD => params(request).map(|p| to_value(completion(documents, p))),
        GotoDefinition::METHOD => params(request).map(|p| to_value(definition(documents, p))),
        Formatting::METHOD => params(request).map(|p| to_value(formatting(documents, p))),
        CodeActionRequest::METHOD => params(request).map(|p| to_value(code_actions(p))),
        other => Err((
            ErrorCode::MethodNotFound,
            format!("relic lsp does not answer {other}"),
        )),
    };
    match result {
        Ok(value) => Response::new_ok(id, value),
        Err((code, message)) => Response::new_err(id, code as i32, message),
    }
}

fn params<P: serde::de::DeserializeOwned>(request: Request) -> Result<P, (ErrorCode, String)> {
    serde_json::from_value(request.params).map_err(|e| (ErrorCode::InvalidParams, e.to_string()))
}

fn to_value<T: serde::Serialize>(value: T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

/// The text of an open ruleset, if `uri` is one.
fn ruleset<'a>(documents: &'a Documents, uri: &Uri) -> Option<&'a str> {
    let (kind, text) = document(documents, uri)?;
    (kind == Kind::Ruleset).then_some(text)
}

/// What an open document is and its text, if relic reads it.
fn document<'a>(documents: &'a Documents, uri: &Uri) -> Option<(Kind, &'a str)> {
    let kind = Kind::of(&path_of(uri)?)?;
    Some((kind, documents.get(uri.as_str())?))
}

fn hover(documents: &Documents, params: HoverParams) -> Option<Hover> {
    let at = params.text_document_position_params;
    let (kind, text) = document(documents, &at.text_document.uri)?;
    let offset = offset_of(text, at.position);
    let words = match kind {
        Kind::Ruleset => {
            (super::core::hover(text, offset)).or_else(|| super::lookup::hover(text, offset))?
        }
        setup => super::setup::hover(setup, text, offset)?,
    };
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: words,
        }),
        range: None,
    })
}

fn completion(documents: &Documents, params: CompletionParams) -> Option<Vec<CompletionItem>> {
    let at = params.text_document_position;
    let (kind, text) = document(documents, &at.text_document.uri)?;
    let offset = offset_of(text, at.position);
    let found = match kind {
        Kind::Ruleset => (super::core::completions(text, offset))
            .unwrap_or_else(|| super::complete::completions(text, offset)),
        setup => super::setup::completions(setup, text, offset),
    };
    let items = found.into_iter().map(|c| CompletionItem {
        label: c.insert.clone(),
        kind: Some(match c.kind {
            "key" => CompletionItemKind::PROPERTY,
            "value" => CompletionItemKind::ENUM_MEMBER,
            _ => CompletionItemKind::REFERENCE,
        }),
        detail: Some(c.kind.to_owned()),
        documentation: Some(Documentation::String(c.about)),
        insert_text: Some(c.insert),
        ..CompletionItem::default()
    });
    Some(items.collect())
}

fn definition(documents: &Documents, params: GotoDefinitionParams) -> Option<Location> {
    let at = params.text_document_position_params;
    let uri = &at.text_document.uri;
    let text = ruleset(documents, uri)?;
    let path = path_of(uri)?;
    let offset = offset_of(text, at.position);
    if let Some((start, end)) = super::core::definition(text, offset) {
        return Some(Location::new(uri.clone(), range_of(text, start, end)));
    }
    let (file, start, end) = super::lookup::definition(&path, text, offset)?;
    let (target_uri, target_text) = match file == path {
        true => (uri.clone(), text.to_owned()),
        false => (uri_of(&file)?, crate::config::read_source(&file).ok()?),
    };
    Some(Location::new(
        target_uri,
        range_of(&target_text, start, end),
    ))
}

fn formatting(documents: &Documents, params: DocumentFormattingParams) -> Option<Vec<TextEdit>> {
    let text = ruleset(documents, &params.text_document.uri)?;
    let formatted = crate::fmt::format_toml(text).ok()?;
    if formatted == text {
        return Some(Vec::new());
    }
    Some(vec![TextEdit::new(
        range_of(text, 0, text.len()),
        formatted,
    )])
}

/// A quick fix for each diagnostic that carries a "did you mean"
/// (`data.replace`): its range replaced by the name suggested (quoted
/// when the range is a quoted string).
#[allow(clippy::mutable_key_type)] // lsp_types' `WorkspaceEdit` keys its changes by `Uri`
fn code_actions(params: CodeActionParams) -> Vec<CodeActionOrCommand> {
    let uri = params.text_document.uri;
    (params.context.diagnostics.into_iter())
        .filter_map(|diagnostic| {
            let name = diagnostic
                .data
                .as_ref()?
                .get("replace")?
                .as_str()?
                .to_owned();
            let edit = TextEdit::new(diagnostic.range, name.clone());
            let changes = HashMap::from([(uri.clone(), vec![edit])]);
            Some(CodeActionOrCommand::CodeAction(CodeAction {
                title: format!("Replace with `{name}`"),
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![diagnostic]),
                edit: Some(WorkspaceEdit::new(changes)),
                is_preferred: Some(true),
                ..CodeAction::default()
            }))
        })
        .collect()
}
