//! 叫地主 Bidding for the landlord (M-DDZ-2, option `landlord = bidding`): before the generals
//! are chosen, a random player starts (the seat the deal made landlord for now); in seat order
//! each may pass or bid 1, 2 or 3, higher than the bid so far; a bid of 3 ends the bidding at
//! once. When everyone has spoken once, the highest bidder is the landlord; if all passed, the
//! last player asked is. Every bid is public. The bid only scales a score, which this project
//! keeps none of.
//!
//! When the bidding makes another seat the landlord, the two seats exchange roles, both shown
//! again (`RoleShown`, then `GeneralShown` with the HP the new role gives and the landlord's
//! skills as gained), and the landlord takes the first turn.

use crate::action::Action;
use crate::def::mode::ModeFrame;
use crate::def::option;
use crate::event::Event;
use crate::flow::FlowFrame;
use crate::game::Game;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::resolve::{Frame, Step};
use crate::seat::{Role, Seat};

/// Which [`ModeFrame`] kind of 斗地主 this is.
pub const KIND: u8 = 1;

/// The highest bid there is.
pub const TOP_BID: u8 = 3;

/// `frame.numbers`: the highest bid so far and the seat that made it.
const HIGHEST: usize = 0;
const BIDDER: usize = 1;

/// The bidding, when the room's option asks for it.
pub fn opening(game: &Game) -> Option<ModeFrame> {
    if option::choice(super::OPTIONS, game.mode_options(), "landlord") != "bidding" {
        return None;
    }
    let mut frame = ModeFrame::new(KIND);
    frame.seats = game.order_from(game.lord());
    frame.numbers = vec![0, 0];
    Some(frame)
}

/// Asks each seat in turn; then seats the landlord.
pub fn step(frame: &mut ModeFrame, game: &mut Game) -> Step {
    let asked = usize::from(frame.step / 2);
    if frame.step % 2 == 1 {
        // The answer of seat `asked`.
        let seat = frame.seats[asked];
        let bid = match game.take_answer() {
            Some((_, Action::Option { index })) if index > frame.numbers[HIGHEST] as u8 => index,
            _ => 0,
        };
        game.emit(Event::Bid { seat, bid });
        if bid > 0 {
            frame.numbers[HIGHEST] = u32::from(bid);
            frame.numbers[BIDDER] = u32::from(seat.0);
        }
        frame.step += 1;
        if bid == TOP_BID || asked + 1 == frame.seats.len() {
            let landlord = if frame.numbers[HIGHEST] > 0 {
                Seat(frame.numbers[BIDDER] as u8)
            } else {
                frame.seats[frame.seats.len() - 1]
            };
            seat_landlord(game, landlord);
            return Step::Done;
        }
        return Step::Again;
    }
    let Some(&seat) = frame.seats.get(asked) else {
        return Step::Done;
    };
    frame.step += 1;
    let above = frame.numbers[HIGHEST] as u8;
    let mut actions: Vec<Action> = (above + 1..=TOP_BID)
        .map(|index| Action::Option { index })
        .collect();
    actions.push(Action::Pass);
    Step::ask(Prompt::new(
        seat,
        PromptKind::Choose { cause: Cause::Bid },
        Choices::actions(actions),
    ))
}

/// `landlord` becomes the landlord: it and the seat dealt the role exchange roles (and the HP
/// their roles give), and the first turn is the landlord's.
fn seat_landlord(game: &mut Game, landlord: Seat) {
    let dealt = game.lord();
    if dealt == landlord {
        return;
    }
    for (seat, role) in [(dealt, Role::Rebel), (landlord, Role::Lord)] {
        game.seats[seat.index()].role = role;
        game.emit(Event::RoleShown { seat, role });
        // The seat as its new role makes it (HP, the landlord's skills), shown as at the deal.
        let general = game.seat(seat).general;
        crate::flow::selection::take_general(game, seat, general);
    }
    // The first turn is the landlord's (`TurnStarted` will say so; until then the table's
    // current seat stays the one every view was told).
    if let Some(Frame::Flow(flow)) = game.stack.first_mut() {
        *flow = FlowFrame::new(landlord, false);
    }
}
