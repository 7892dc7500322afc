//! The protocol's JSON Schema, generated from the Rust types. The committed copy lives at
//! `docs/protocol.schema.json` (served at `/protocol/schema.json`); a test fails when it and the
//! code disagree. Regenerate it with:
//!
//! ```text
//! SGS_UPDATE_SCHEMA=1 cargo test -p sgs-protocol schema
//! ```

use schemars::gen::SchemaSettings;
use serde_json::{json, Value};

use crate::client::ClientMsg;
use crate::server::ServerMsg;
use crate::PROTOCOL_VERSION;

/// The schema of every message: `ClientMsg` and `ServerMsg` with all the types they embed.
pub fn protocol_schema() -> Value {
    let mut generator = SchemaSettings::draft07().into_generator();
    let client = generator.subschema_for::<ClientMsg>();
    let server = generator.subschema_for::<ServerMsg>();
    let definitions = generator.take_definitions();
    json!({
        "$schema": "http://json-schema.org/draft-07/schema#",
        "title": "sanguosha WebSocket protocol",
        "description": "JSON text frames over GET /ws. A client sends ClientMsg, the server sends ServerMsg. See docs/protocol.md.",
        "x-protocol-version": PROTOCOL_VERSION,
        "anyOf": [client, server],
        "definitions": definitions,
    })
}

/// The schema as committed: pretty-printed with a final newline.
pub fn protocol_schema_text() -> String {
    let mut text = serde_json::to_string_pretty(&protocol_schema()).unwrap_or_default();
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    const COMMITTED: &str = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/protocol.schema.json"
    );

    #[test]
    fn committed_schema_matches_the_code() {
        let generated = protocol_schema_text();
        if std::env::var_os("SGS_UPDATE_SCHEMA").is_some() {
            std::fs::write(COMMITTED, &generated).unwrap();
            return;
        }
        let committed = std::fs::read_to_string(COMMITTED).unwrap_or_default();
        assert!(
            committed == generated,
            "docs/protocol.schema.json is out of date with the protocol types.\n\
             Regenerate it with: SGS_UPDATE_SCHEMA=1 cargo test -p sgs-protocol schema\n\
             (and document any new message in docs/protocol.md)"
        );
    }

    #[test]
    fn every_message_and_error_code_is_documented() {
        let doc = include_str!("../../../docs/protocol.md");
        let headings: Vec<&str> = doc.lines().filter(|l| l.starts_with("### ")).collect();
        let schema = protocol_schema();
        for message in ["ClientMsg", "ServerMsg"] {
            for variant in schema["definitions"][message]["oneOf"].as_array().unwrap() {
                let name = variant["properties"]["type"]["enum"][0].as_str().unwrap();
                let quoted = format!("`{name}`");
                assert!(
                    headings.iter().any(|h| h.contains(&quoted)),
                    "{message} `{name}` has no section in docs/protocol.md"
                );
            }
        }
        let codes = schema["definitions"]["ErrorCode"]["oneOf"]
            .as_array()
            .unwrap();
        let codes = codes.iter().flat_map(|c| c["enum"].as_array().unwrap());
        for code in codes {
            let code = code.as_str().unwrap();
            assert!(
                doc.contains(&format!("| `{code}` |")),
                "error code `{code}` is not in docs/protocol.md"
            );
        }
    }

    #[test]
    fn client_type_list_is_every_variant() {
        let schema = protocol_schema();
        let variants = schema["definitions"]["ClientMsg"]["oneOf"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| {
                v["properties"]["type"]["enum"][0]
                    .as_str()
                    .unwrap()
                    .to_string()
            })
            .collect::<Vec<_>>();
        assert_eq!(variants, ClientMsg::TYPES);
    }
}
