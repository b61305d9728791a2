/**
 * Schemas of publications (public read-only links): their ids, the create request, a publication
 * with its URLs, and lists of them.
 */
import { z } from "@hono/zod-openapi";
import { listOf } from "./common.ts";

/**
 * The letters and digits after `pub_` (about 226 random bits). Links made before #36 held the
 * diagram id's 22 characters and 16 random ones: the same form, so they still resolve.
 */
export const PUBLICATION_ID_CHARS = 38;

/** A publication id: `pub_` and 38 letters and digits, random, naming nothing else. */
export const PublicationIdSchema = z
  .string()
  .regex(new RegExp(`^pub_[A-Za-z0-9]{${PUBLICATION_ID_CHARS}}$`), "not a publication id")
  .openapi({ example: "pub_3kTq9ZpL0mWv8XcR2aYb1Nq8Zr1Xc0Vb7Mn2Lk" });

export const CreatePublicationSchema = z
  .object({
    version: z
      .union([z.literal("head"), z.number().int().min(1)])
      .default("head")
      .openapi({
        description: "`head` follows every new version; a number pins that version for good.",
      }),
  })
  .strict()
  .openapi("CreatePublication");

export const PublicationSchema = z
  .object({
    id: PublicationIdSchema,
    diagram_id: z.string(),
    version: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "The pinned version, or null when it follows the head." }),
    created_at: z.string().openapi({ format: "date-time" }),
    urls: z.object({
      page: z.string().openapi({ description: "A page showing the diagram with the viewer." }),
      svg: z.string().openapi({ description: "The first page as an SVG image, for `<img>`." }),
      png: z.string().openapi({
        description: "The same as a PNG, for places that take no SVG (email, chat, PDF).",
      }),
      drawio: z.string().openapi({ description: "The `.drawio` file (the viewer's `src`)." }),
    }),
  })
  .openapi("Publication", {
    description:
      "A public, read-only, revocable link to a diagram: anyone with the URL can see it, nobody can change it.",
  });

export const PublicationListSchema = listOf(PublicationSchema, "PublicationList");

export const PublicationParamsSchema = z.object({
  pub: PublicationIdSchema.openapi({ param: { name: "pub", in: "path" } }),
});

export type Publication = z.infer<typeof PublicationSchema>;
