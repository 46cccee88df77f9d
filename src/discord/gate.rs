//! The gate: a loopback HTTP endpoint (`127.0.0.1`, a free port) that
//! serenity's HTTP client is pointed at as its proxy, so that every REST
//! request the bot sends (the delivery task's posts, interaction answers,
//! direct messages, command registration) passes through one
//! [`Limiter`] on its way to Discord, or to the configured `proxy`.
//!
//! serenity's own rate limiter cannot be used for this: it is off behind a
//! proxy (it would bypass the proxy), and it keeps no global rate. Its HTTP
//! client does not show the bot the `X-RateLimit-*` headers either (the
//! typed calls return the message, and an error keeps only the status and
//! Discord's error code). The gate sees every answer whole: it reads the
//! headers, waits out a 429's `retry_after` and sends the same request again,
//! so serenity sees a refusal only when Discord kept refusing.
//!
//! The gate adds nothing to a request (the token is serenity's header) and
//! forwards only to its upstream; it listens on the loopback interface only.

use std::sync::Arc;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};

use super::limits::{Limiter, Reply};

/// Discord's API, where the gate forwards when no proxy is configured.
pub const DISCORD: &str = "https://discord.com";

/// The longest wait for a connection to Discord (or the proxy).
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
/// The longest a request may take, an upload of a large animation
/// included: a request that hangs would otherwise hold its bucket (and the
/// requests queued behind it) for good. It then fails as a network error,
/// and the delivery task tries again.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(120);

/// Headers of one hop that are not forwarded.
const HOP: &[&str] = &[
    "host",
    "connection",
    "keep-alive",
    "proxy-connection",
    "transfer-encoding",
    "te",
    "trailer",
    "upgrade",
    "content-length",
];

struct Gate {
    upstream: String,
    client: reqwest::Client,
    limiter: Arc<Limiter>,
}

/// A running gate: its URL (for serenity's `proxy`) and its task.
pub struct Running {
    /// `http://127.0.0.1:PORT`.
    pub url: String,
    /// The server's task; aborted when the bot stops.
    pub task: tokio::task::JoinHandle<()>,
}

/// Starts a gate forwarding to `upstream` (Discord, or a proxy) under `limiter`.
///
/// # Errors
/// No loopback port could be bound, or the HTTP client could not be built.
pub async fn start(upstream: &str, limiter: Arc<Limiter>) -> Result<Running, super::Error> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let url = format!("http://{}", listener.local_addr()?);
    let gate = Arc::new(Gate {
        upstream: upstream.trim_end_matches('/').to_string(),
        client: reqwest::Client::builder()
            .use_rustls_tls()
            .connect_timeout(CONNECT_TIMEOUT)
            .timeout(REQUEST_TIMEOUT)
            .build()?,
        limiter,
    });
    let app = axum::Router::new()
        .fallback(move |method: Method, uri: Uri, headers: HeaderMap, body: Bytes| {
            let gate = gate.clone();
            async move { forward(&gate, method, &uri, headers, body).await }
        })
        // Uploads (board images, animations) are far over axum's default limit of 2 MB.
        .layer(axum::extract::DefaultBodyLimit::disable());
    let task = tokio::spawn(async move {
        if let Err(e) = axum::serve(listener, app).await {
            tracing::error!(error = %e, "the rate-limit gate stopped");
        }
    });
    Ok(Running { url, task })
}

fn strip_hop(headers: &mut HeaderMap) {
    for h in HOP {
        headers.remove(*h);
    }
}

async fn forward(gate: &Gate, method: Method, uri: &Uri, mut headers: HeaderMap, body: Bytes) -> Response {
    let path = uri.path_and_query().map_or(uri.path(), |p| p.as_str());
    let url = format!("{}{path}", gate.upstream);
    strip_hop(&mut headers);
    let sent = gate
        .limiter
        .send(method.as_str(), uri.path(), || {
            let request = gate
                .client
                .request(method.clone(), &url)
                .headers(headers.clone())
                .body(reqwest::Body::from(body.clone()));
            async move {
                let r = request.send().await?;
                let status = r.status().as_u16();
                let headers = r.headers().clone();
                let body = r.bytes().await?.to_vec();
                Ok::<_, reqwest::Error>(Reply { status, headers, body })
            }
        })
        .await;
    match sent {
        Ok(reply) => {
            let mut headers = reply.headers;
            strip_hop(&mut headers);
            let mut response = Response::new(Body::from(reply.body));
            *response.status_mut() = StatusCode::from_u16(reply.status).unwrap_or(StatusCode::BAD_GATEWAY);
            *response.headers_mut() = headers;
            response
        }
        Err(e) => {
            // reqwest's message leaves out the cause (connection refused, a TLS failure...).
            let mut error = e.to_string();
            let mut source = std::error::Error::source(&e);
            while let Some(cause) = source {
                error = format!("{error}: {cause}");
                source = cause.source();
            }
            tracing::warn!(upstream = %gate.upstream, error = %error, "a request to Discord failed on the network");
            let message = format!("the bot could not reach {}: {error}", gate.upstream);
            let body = serde_json::json!({"message": message, "code": 0}).to_string();
            (StatusCode::BAD_GATEWAY, [(axum::http::header::CONTENT_TYPE, "application/json")], body).into_response()
        }
    }
}
