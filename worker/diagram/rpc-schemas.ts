/**
 * Zod schemas for the argument of each DiagramObject RPC method, checked at run time since any
 * holder of the namespace binding can call the object.
 */
import { z } from "zod";
import { DIRECTIONS } from "../drawio/index.ts";
import { AttachmentSchema } from "../schemas/agent.ts";
import { DiagramIdSchema } from "../schemas/common.ts";
import { LIMITS } from "../schemas/limits.ts";
import { AuthorSchema } from "../schemas/version.ts";

// Every RPC method of DiagramObject checks its argument against one of these: the object is
// reachable by anything holding the namespace binding, not only by our routes.

const tenant = z.string().min(1).max(100);
const version = z.number().int().min(1);
/** An `If-Match` version: 0 is well-formed, and simply never the head. */
const expected = z.number().int().min(0);
const title = z.string().trim().min(1).max(LIMITS.titleChars);
const message = z.string().max(LIMITS.messageChars).optional();

export const CreateInput = z.object({
  tenant,
  id: DiagramIdSchema,
  title,
  xml: z.string().optional(),
  author: AuthorSchema,
});
export const ReadInput = z.object({ tenant, format: z.enum(["xml", "compact"]) });
export const ReadJsonInput = z.object({ tenant, known: z.string().max(100).optional() });
/** Writes answer without the XML unless the caller asked for the full representation. */
const full = z.boolean().optional();
export const ReplaceInput = z.object({
  tenant,
  xml: z.string(),
  /** Absent for `If-Match: *` (any current version, RFC 9110). */
  ifMatch: expected.optional(),
  message,
  author: AuthorSchema,
  full,
});
export const RenameInput = z.object({ tenant, title, full });
export const OperateInput = z.object({
  tenant,
  operations: z.array(z.unknown()).min(1).max(LIMITS.operations),
  ifMatch: expected.optional(),
  message,
  page: z.union([z.string().max(200), z.number().int().min(0)]).optional(),
  author: AuthorSchema,
  full,
});
export const ListInput = z.object({
  tenant,
  before: version.optional(),
  limit: z.number().int().min(1).max(LIMITS.pageSize.max),
});
export const VersionInput = z.object({ tenant, n: version });
export const DiffInput = z.object({ tenant, n: version, against: version.optional() });
export const RestoreInput = z.object({
  tenant,
  n: version,
  ifMatch: expected.optional(),
  author: AuthorSchema,
  full,
});
export const ExportInput = z.object({
  tenant,
  format: z.enum(["drawio", "xml", "compressed", "url", "svg"]),
  page: z.number().int().min(0),
  version: z.number().int().min(1).optional(),
  theme: z.enum(["light", "dark"]).optional(),
  scale: z.number().min(0.1).max(4).optional(),
  border: z.number().int().min(0).max(200).optional(),
  /** An SVG to be rasterised: labels of other scripts drawn as outlines, fonts loaded for it. */
  raster: z.boolean().optional(),
});
export const TenantInput = z.object({ tenant });
export const RelayoutInput = z.object({
  tenant,
  containerId: z.string().min(1).max(200).optional(),
  direction: z.enum(DIRECTIONS),
  page: z.number().int().min(0),
  ifMatch: expected.optional(),
  message,
  author: AuthorSchema,
  full,
});
export const ConverseInput = z.object({
  tenant,
  /** Create the diagram first (POST /v1/generate): after the model is chosen, so a turn that
   * cannot run leaves nothing behind. */
  create: z.object({ id: DiagramIdSchema, title, author: AuthorSchema }).optional(),
  prompt: z.string().trim().min(1).max(20_000),
  model: z.string().max(200).optional(),
  maxSteps: z.number().int().min(1).max(32).optional(),
  attachments: z.array(AttachmentSchema).max(4).optional(),
  /** Let the agent name the diagram (a new diagram whose caller gave no title). */
  retitle: z.boolean().optional(),
  /** Retries of a failed model call, overriding the setting (a queue that retries itself sends 0). */
  retries: z.number().int().min(0).max(10).optional(),
  /** Delete the diagram when the turn saves nothing (a diagram made for this turn). */
  discardOnFailure: z.boolean().optional(),
  /**
   * The tenant's house style: applied and taught by the turn (`house`, the default), applied
   * only (`apply`: a batch item, which has no conversation to learn from), or not used (`none`).
   */
  style: z.enum(["house", "apply", "none"]).optional(),
  /** The origin the caller reached the API at: the turn's last event then carries links there. */
  origin: z
    .url({ protocol: /^https?$/ })
    .max(500)
    .optional(),
});
export const MessagesInput = z.object({
  tenant,
  before: z.number().int().min(1).optional(),
  limit: z.number().int().min(1).max(LIMITS.pageSize.max),
});

const publication = z.string().regex(/^pub_[A-Za-z0-9]{38}$/);
export const PublishInput = z.object({
  tenant,
  id: publication,
  version: z.number().int().min(1).nullable(),
});
export const UnpublishInput = z.object({ tenant, id: publication });
export const PublicationInput = z.object({ id: publication });
export const PublishedInput = z.object({
  id: publication,
  format: z.enum(["svg", "drawio"]),
  /** As {@link ExportInput}'s. */
  raster: z.boolean().optional(),
});
