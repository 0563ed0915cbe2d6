/* The picture of the board (wg_game_svg): an SVG document of a viewer's view. */
#include "internal.h"

int wg_game_svg(char *buf, size_t cap, size_t *len, wg_game *game, int viewer)
{
    if (!game || (!buf && cap))
        return WG_EINVAL;
    if (viewer != WG_VIEW_REFEREE && (viewer < 0 || viewer >= game->ops->nplayers))
        return wg__seterr(game->err, WG_ERANGE, "svg: viewer %d is not a player or WG_VIEW_REFEREE", viewer);
    wg_sb sb;
    wg__sb_init(&sb, buf, cap);
    wg__sb_printf(&sb, "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"100\" height=\"100\">"
                       "<title>%s</title></svg>\n",
                  game->ops->id);
    return wg__sb_finish(&sb, len);
}
