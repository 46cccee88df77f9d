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
//!
//! It serves only the bot that started it: each start draws a new secret
//! (128 random bits, never written anywhere) that the bot's HTTP client
//! sends in the [`SECRET_HEADER`] header of every request ([`Running::client`]).
//! A request without it, from any other process on the machine, is refused
//! (403) before its body is read and never reaches Discord, so it can use
//! neither the bot's share of Discord's limits nor its count of invalid
//! requests. The header is removed before the request is forwarded.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::Request;
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};

use super::limits::{Answer, Limiter};

/// Discord's API, where the gate forwards when no proxy is configured.
pub const DISCORD: &str = "https://discord.com";

/// The longest wait for a connection to Discord (or the proxy).
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
/// The longest a request may take, an upload of a large animation
/// included: a request that hangs would otherwise hold its bucket (and the
/// requests queued behind it) for good. It then fails as a network error,
/// and the delivery task tries again.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(120);

/// The header that carries the gate's secret from the bot's client.
pub const SECRET_HEADER: &str = "x-chessdip-gate";

/// Headers of one hop that are not forwarded.
const HOP: &[&str] = &[
    SECRET_HEADER,
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
    secret: String,
    /// Requests refused for want of the secret.
    refused: AtomicU64,
}

/// A running gate: its URL (for serenity's `proxy`), its secret and its task.
pub struct Running {
    /// `http://127.0.0.1:PORT`.
    pub url: String,
    /// What the bot's client sends in [`SECRET_HEADER`].
    secret: String,
    /// The server's task; aborted when the bot stops.
    pub task: tokio::task::JoinHandle<()>,
}

impl Running {
    /// The HTTP client for serenity: it sends the gate's secret with every request.
    ///
    /// # Errors
    /// The client could not be built.
    pub fn client(&self) -> Result<reqwest::Client, super::Error> {
        let mut headers = reqwest::header::HeaderMap::new();
        let mut secret = reqwest::header::HeaderValue::from_str(&self.secret)?;
        secret.set_sensitive(true);
        headers.insert(SECRET_HEADER, secret);
        Ok(reqwest::Client::builder().use_rustls_tls().default_headers(headers).build()?)
    }
}

/// A new secret: 32 hex digits from the system's randomness.
fn new_secret() -> Result<String, super::Error> {
    let mut bytes = [0u8; 16];
    getrandom::getrandom(&mut bytes).map_err(|e| format!("no randomness for the gate's secret: {e}"))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Whether `given` is the secret, compared in a time that does not depend on where they differ.
fn is_secret(given: &[u8], secret: &str) -> bool {
    let secret = secret.as_bytes();
    given.len() == secret.len() && given.iter().zip(secret).fold(0u8, |d, (a, b)| d | (a ^ b)) == 0
}

/// Starts a gate forwarding to `upstream` (Discord, or a proxy) under `limiter`.
///
/// # Errors
/// No loopback port could be bound, no randomness for the secret, or the HTTP client could not be built.
pub async fn start(upstream: &str, limiter: Arc<Limiter>) -> Result<Running, super::Error> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let url = format!("http://{}", listener.local_addr()?);
    let secret = new_secret()?;
    let gate = Arc::new(Gate {
        upstream: upstream.trim_end_matches('/').to_string(),
        client: reqwest::Client::builder()
            .use_rustls_tls()
            .connect_timeout(CONNECT_TIMEOUT)
            .timeout(REQUEST_TIMEOUT)
            .build()?,
        limiter,
        secret: secret.clone(),
        refused: AtomicU64::new(0),
    });
    let app = axum::Router::new()
        .fallback(move |request: Request| {
            let gate = gate.clone();
            async move { admit(&gate, request).await }
        })
        // Uploads (board images, animations) are far over axum's default limit of 2 MB.
        .layer(axum::extract::DefaultBodyLimit::disable());
    let task = tokio::spawn(async move {
        if let Err(e) = axum::serve(listener, app).await {
            tracing::error!(error = %e, "the rate-limit gate stopped");
        }
    });
    tracing::info!(url = %url, "the rate-limit gate listens (for this process only)");
    Ok(Running { url, secret, task })
}

/// Refuses a request without the gate's secret before reading its body;
/// forwards the bot's own.
async fn admit(gate: &Gate, request: Request) -> Response {
    let (parts, body) = request.into_parts();
    let given = parts.headers.get(SECRET_HEADER).map(axum::http::HeaderValue::as_bytes);
    if !given.is_some_and(|g| is_secret(g, &gate.secret)) {
        let n = gate.refused.fetch_add(1, Ordering::Relaxed) + 1;
        if n == 1 || n % 1000 == 0 {
            tracing::warn!(
                refused = n,
                path = %parts.uri.path(),
                "the rate-limit gate refused a request that is not the bot's (another process on this machine?); nothing was forwarded"
            );
        }
        let body = serde_json::json!({
            "message": "this gate forwards only the requests of the chessdip process that opened it",
            "code": 0
        })
        .to_string();
        return (StatusCode::FORBIDDEN, [(axum::http::header::CONTENT_TYPE, "application/json")], body).into_response();
    }
    let body = match axum::body::to_bytes(body, usize::MAX).await {
        Ok(b) => b,
        Err(e) => {
            let body = serde_json::json!({"message": format!("the request's body could not be read: {e}"), "code": 0});
            return (
                StatusCode::BAD_REQUEST,
                [(axum::http::header::CONTENT_TYPE, "application/json")],
                body.to_string(),
            )
                .into_response();
        }
    };
    forward(gate, parts.method, &parts.uri, parts.headers, body).await
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
                Ok::<_, reqwest::Error>(Answer { status, headers, body })
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

#[cfg(test)]
mod tests {
    use super::{is_secret, new_secret};

    #[test]
    fn only_the_secret_itself_opens_the_gate() {
        let secret = new_secret().expect("randomness");
        assert_eq!(secret.len(), 32);
        assert!(secret.bytes().all(|b| b.is_ascii_hexdigit()));
        assert_ne!(secret, new_secret().expect("randomness"), "a new secret each start");
        assert!(is_secret(secret.as_bytes(), &secret));
        assert!(!is_secret(b"", &secret));
        assert!(!is_secret(&secret.as_bytes()[..31], &secret), "a prefix is not the secret");
        let mut other = secret.clone().into_bytes();
        other[31] = if other[31] == b'0' { b'1' } else { b'0' };
        assert!(!is_secret(&other, &secret));
    }
}
