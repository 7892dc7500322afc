//! 好施 Haoshi — 鲁肃 (国战, H-SK-haoshi).
//!
//! 摸牌阶段，你可以额外摸两张牌，然后若你的手牌数大于5，你将一半的手牌（向下取整）交给除你外手牌数最少的一名角色。
//! In your draw phase you may draw two extra cards; then, if you have more than five hand cards,
//! you give half of them (rounded down) to the other character with the fewest hand cards (you
//! choose among ties).
//!
//! The choice is made as the number to draw is decided (a turn mark); the giving follows at the
//! end of the draw phase. The cards go hand to hand: only the two of them see which.

use crate::action::Action;
use crate::def::skill::{Ask, SkillDef, SkillFrame, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, Phase, Prompt, PromptKind};
use crate::resolve::{Frame, Step, Timing, TimingData};
use crate::seat::Seat;
use crate::zone::Zone;

pub static DEF: SkillDef = SkillDef {
    triggers: &[
        Trigger {
            timing: Timing::DrawCount,
            can_trigger: own_draw,
            ask: Ask::Confirm,
            on_trigger: two_more,
        },
        Trigger {
            timing: Timing::PhaseEnd,
            can_trigger: too_many,
            ask: Ask::Never,
            on_trigger: give_half,
        },
    ],
    step: Some(step),
    ..SkillDef::named(
        SkillId::Haoshi,
        "好施",
        "Haoshi",
        "摸牌阶段，你可以额外摸两张牌，然后若你的手牌数大于5，你将一半的手牌（向下取整）交给除你外手牌数最少的一名角色。",
        "In your draw phase you may draw two more cards; then, if you have more than five hand cards, give half of them (rounded down) to the other character with the fewest hand cards.",
    )
};

fn own_draw(_: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Draw { seat, .. } if *seat == owner)
}

fn two_more(game: &mut Game, _: Seat, data: &mut TimingData, _: &Action) -> Option<Frame> {
    if let TimingData::Draw { count, .. } = data {
        *count = count.saturating_add(2);
        game.turn.set_mark(SkillId::Haoshi, 1);
    }
    None
}

fn too_many(game: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Phase { seat, phase: Phase::Draw } if *seat == owner)
        && game.turn.mark(SkillId::Haoshi) == 1
        && game.hand(owner).len() > 5
        && game.alive_count() > 1
}

/// The other characters with the fewest hand cards.
fn poorest(game: &Game, owner: Seat) -> Vec<Seat> {
    let others: Vec<Seat> = game
        .order_from(owner)
        .into_iter()
        .filter(|s| *s != owner && game.is_alive(*s))
        .collect();
    let fewest = others.iter().map(|s| game.hand(*s).len()).min();
    others
        .into_iter()
        .filter(|s| Some(game.hand(*s).len()) == fewest)
        .collect()
}

fn give_half(game: &mut Game, owner: Seat, _: &mut TimingData, _: &Action) -> Option<Frame> {
    game.turn.set_mark(SkillId::Haoshi, 0);
    Some(Frame::Skill(SkillFrame::new(SkillId::Haoshi, owner)))
}

fn kind() -> PromptKind {
    PromptKind::Choose {
        cause: Cause::Skill(SkillId::Haoshi),
    }
}

/// Who (among ties), then which cards.
fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let owner = frame.owner;
    match frame.step {
        0 => {
            frame.step = 1;
            let poorest = poorest(game, owner);
            if let [only] = poorest[..] {
                frame.seats = vec![only];
                return Step::Again;
            }
            let actions = poorest
                .into_iter()
                .map(|s| Action::Seats { seats: vec![s] })
                .collect();
            Step::ask(Prompt::new(owner, kind(), Choices::actions(actions)))
        }
        1 => {
            if frame.seats.is_empty() {
                match game.take_answer() {
                    Some((_, Action::Seats { seats })) if seats.len() == 1 => frame.seats = seats,
                    _ => return Step::Done,
                }
            }
            frame.step = 2;
            let hand = game.hand(owner).to_vec();
            let half = (hand.len() / 2) as u8;
            Step::ask(Prompt::new(
                owner,
                kind(),
                Choices::Cards {
                    from: hand,
                    min: half,
                    max: half,
                    can_pass: false,
                },
            ))
        }
        _ => {
            if let Some((_, Action::Cards { cards })) = game.take_answer() {
                if let Some(&to) = frame.seats.first().filter(|s| game.is_alive(**s)) {
                    game.move_cards(&cards, Zone::Hand(to));
                }
            }
            Step::Done
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::ids::{GeneralId as G, SkillId};
    use crate::modes::hegemony::hidden_tests::table;
    use crate::prompt::Phase;
    use crate::seat::Seat;
    use crate::testing::{cards, seat, Check};

    /// H-SK-haoshi: four in hand + four drawn = eight > 5: four go to the seat with the fewest.
    #[test]
    fn h_sk_haoshi_draw_two_more_then_give_half() {
        let mut s = table(&[
            (G::HegLusu, G::HegSunquan, true, true),
            (G::HegCaocao, G::HegXuchu, true, true),
            (G::HegGuanyu, G::HegZhangfei, true, true),
        ]);
        s.phase = Phase::Draw;
        seat(&mut s, 0).hand = cards(&[Jink, Jink, Jink, Jink]);
        seat(&mut s, 1).hand = cards(&[Duel]);
        seat(&mut s, 2).hand = cards(&[Duel, Duel]);
        let mut c = Check::new(s);
        c.skill(0, SkillId::Haoshi);
        assert_eq!(c.hand(0).len(), 8);
        let four = c.game.hand(Seat(0))[..4].to_vec();
        c.act(0, Action::Cards { cards: four });
        assert_eq!(c.hand(0).len(), 4);
        assert_eq!(c.hand(1).len(), 5);
        assert_eq!(c.hand(2).len(), 2);
        c.assert_conserved();
    }
}
