//! The last check of every decision: the board actions are carried out
//! and the message read by the rules exactly as the game master reads a
//! person's ([`Position::act`], [`Position::submit`]). Whatever the rules
//! refuse is withdrawn and counted ([`super::Stats::withdrawn`]), so a
//! decision never holds a text the rules refuse, even if a bot has a bug;
//! the tests require that nothing is ever withdrawn.

use super::Choice;
use chessdip_rules::any::Position;

/// `choice` with every action and order the rules refuse taken out.
pub(crate) fn vet(position: &Position, power: &str, mut choice: Choice) -> Choice {
    let mut pos = position.clone();
    let mut kept = Vec::with_capacity(choice.actions.len());
    for action in choice.actions {
        match pos.act(power, &action.to_string()) {
            Ok((next, _)) => {
                pos = next;
                kept.push(action);
            }
            Err(_) => choice.withdrawn += 1,
        }
    }
    choice.actions = kept;
    if choice.orders.is_empty() {
        return choice;
    }
    let sub = pos.submit(power, &[], &choice.orders.join("\n"));
    if sub.invalid.is_some() {
        // A message invalid as a whole runs none of its moves: send none.
        choice.withdrawn += choice.orders.len();
        choice.orders.clear();
        return choice;
    }
    if !sub.rejected.is_empty() {
        let before = choice.orders.len();
        choice.orders.retain(|t| !sub.rejected.iter().any(|(r, _)| r.trim() == t.trim()));
        choice.withdrawn += before - choice.orders.len();
    }
    choice
}
