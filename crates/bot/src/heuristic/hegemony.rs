//! 国战 Hegemony: the 明置 choices (decision 0016). A hidden general's skills do nothing in this
//! engine until it is shown (docs/rulings.md, "国战 Hegemony"), so the agent shows both generals at
//! its first preparation phase; of the rewards it takes the HP when low, else the cards.

use sgs_engine::modes::hegemony::mingzhi::{BOTH, DEPUTY, DRAW_ONE, DRAW_TWO, MAIN, RECOVER};
use sgs_engine::{Action, Choices, Prompt, SkillId};

use super::table::Ctx;

/// The answer to a 明置 prompt, if this is one.
pub fn choose(ctx: &Ctx, prompt: &Prompt, skill: SkillId) -> Option<Action> {
    if skill != SkillId::Mingzhi {
        return None;
    }
    let Choices::Actions { actions } = &prompt.choices else {
        return None;
    };
    let has = |index: u8| actions.contains(&Action::Option { index });
    let low = ctx.my().hp <= 2;
    let pick = [
        (BOTH, true),
        (RECOVER, low),
        (DRAW_TWO, true),
        (RECOVER, true),
        (DRAW_ONE, true),
        (MAIN, true),
        (DEPUTY, true),
    ]
    .into_iter()
    .find(|(index, wanted)| *wanted && has(*index))
    .map(|(index, _)| Action::Option { index });
    Some(pick.unwrap_or(Action::Pass))
}
